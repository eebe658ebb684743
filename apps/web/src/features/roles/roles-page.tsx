import { isOfferedRole } from '@kalinga/contracts/role-constants';
import { PERMISSIONS, type PermissionName } from '@kalinga/contracts/common';
import type { Role, RoleBody } from '@kalinga/contracts/roles';
import { useState } from 'react';
import { confirmDelete } from '../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { PERMISSION_HINTS, PERMISSION_LABELS } from './permission-labels';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { refreshUser, useAuth } from '../../session/auth-store';
import { RoleNameDialog } from './role-name-dialog';
import { useDeleteRole, useRoles, useSaveRole } from './roles-api';
import { useMediaQuery } from '../../lib/use-media-query';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The roles shown: not landlord or tenant (built in for compatibility, meaningless to a centre; decision 0148) unless someone holds one. */
function offered(roles: Role[]): Role[] {
  return roles.filter((r) => isOfferedRole(r.name) || r.users_count > 0);
}

/** Settings › Roles & Permissions: a matrix of roles × the permissions, saved per role. */
export function RolesPage() {
  const t = useT('roles');
  const hint = (p: PermissionName) => { const key = PERMISSION_HINTS[p]; return key ? t(key) : undefined; };
  const { user: me } = useAuth();
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('roles.pageTitle'));
  const roles = useRoles();
  // The matrix needs the room of a 1536 px screen (ten permissions, the role and its actions, beside the menu);
  // narrower, one card per role, side by side from 768 px, so no permission and no Save hides off to the right.
  const wide = useMediaQuery('(min-width: 1536px)');
  const save = useSaveRole();
  const remove = useDeleteRole();
  // Unsaved ticks per role id; a role without an entry shows what the server has.
  const [drafts, setDrafts] = useState<Record<number, string[]>>({});
  const [dialog, setDialog] = useState<{ open: boolean; role: Role | null }>({ open: false, role: null });

  const permsOf = (r: Role) => drafts[r.id] ?? r.permissions;
  const isDirty = (r: Role) => drafts[r.id] !== undefined && !sameSet(drafts[r.id], r.permissions);
  const tick = (r: Role, p: string) => {
    const cur = permsOf(r);
    setDrafts((d) => ({ ...d, [r.id]: cur.includes(p) ? cur.filter((x) => x !== p) : [...cur, p] }));
  };
  const afterChange = (r: Role) => {
    // My own rights may have changed: reload them so the menu follows.
    if (me?.roles.includes(r.name)) void refreshUser().catch(() => undefined);
  };

  const saveRow = async (r: Role) => {
    try {
      await save.mutateAsync({ id: r.id, body: { name: r.name, permissions: PERMISSIONS.filter((p) => permsOf(r).includes(p)) } });
      setDrafts((d) => { const next = { ...d }; delete next[r.id]; return next; });
      notifySuccess(t('roles.permissionsUpdated', { name: r.name }));
      afterChange(r);
    } catch (err) {
      notifyError(errorMessage(err, t('roles.updateFailed')));
    }
  };

  const submitDialog = async (body: RoleBody) => {
    const role = dialog.role;
    try {
      if (role) await save.mutateAsync({ id: role.id, body: { name: body.name, permissions: PERMISSIONS.filter((p) => permsOf(role).includes(p)) } });
      else await save.mutateAsync({ id: null, body });
    } catch (err) {
      notifyError(errorMessage(err, role ? t('roles.updateFailed') : t('roles.createFailed')));
      throw err;
    }
    notifySuccess(role ? t('roles.renamed') : t('roles.created'));
    if (role) {
      setDrafts((d) => { const next = { ...d }; delete next[role.id]; return next; });
      afterChange(role);
    }
    setDialog({ open: false, role: null });
  };

  const deleteRow = async (r: Role) => {
    if (!(await confirmDelete(r.name))) return;
    try {
      await remove.mutateAsync(r.id);
      notifySuccess(t('roles.deleted'));
    } catch (err) {
      notifyError(errorMessage(err, t('roles.deleteFailed')));
    }
  };

  const rowActions = (r: Role, dirty: boolean, saving: boolean) => (
    <div className="flex items-center justify-end gap-1 whitespace-nowrap">
      <button type="button" className="btn btn-primary btn-sm" disabled={!dirty || saving} onClick={() => saveRow(r)} aria-label={t('roles.saveNamed', { name: r.name })}>
        {saving ? t('roles.saving') : t('roles.save')}
      </button>
      {dirty && !saving && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDrafts((d) => { const next = { ...d }; delete next[r.id]; return next; })} aria-label={t('roles.undoNamed', { name: r.name })}>{t('roles.undo')}</button>
      )}
      {!r.is_system && (
        <>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog({ open: true, role: r })} aria-label={t('roles.renameNamed', { name: r.name })}>{t('roles.renameButton')}</button>
          <button
            type="button"
            className="btn btn-ghost btn-sm text-red-700"
            onClick={() => deleteRow(r)}
            disabled={r.users_count > 0}
            title={r.users_count > 0 ? t('roles.deleteBlocked') : undefined}
            aria-label={t('roles.deleteNamed', { name: r.name })}
          >
            {t('roles.deleteButton')}
          </button>
        </>
      )}
    </div>
  );

  let content;
  if (roles.isPending) content = <LoadingBlock text={t('roles.loading')} />;
  else if (roles.isError) content = <ErrorAlert message={errorMessage(roles.error, t('roles.loadFailed'))} onRetry={() => roles.refetch()} />;
  else if (!wide) {
    content = (
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {offered(roles.data.data).map((r) => {
          const perms = permsOf(r);
          const dirty = isDirty(r);
          const saving = save.isPending && save.variables?.id === r.id;
          return (
            <li key={r.id} className={`card bg-base-100 shadow-sm ${dirty ? 'ring-1 ring-warning' : ''}`} data-testid={`role-card-${r.name}`}>
              <div className="card-body gap-3 p-4">
                <div>
                  <h2 className="font-semibold">{r.name}</h2>
                  <p className="text-xs text-base-content/70">{t('roles.usersCount', { count: r.users_count })}{r.is_system ? ` ${t('roles.builtIn')}` : ''}</p>
                </div>
                <div className="grid grid-cols-1 gap-2">
                  {PERMISSIONS.map((p) => {
                    const locked = r.name === 'admin' && p === 'manage users';
                    return (
                      <label key={p} className="flex items-center justify-between gap-3">
                        <span className="capitalize">{t(PERMISSION_LABELS[p])}</span>
                        <input type="checkbox" className="checkbox checkbox-primary checkbox-sm" checked={perms.includes(p)} disabled={locked || saving} onChange={() => tick(r, p)} aria-label={t('roles.permissionOf', { role: r.name, permission: t(PERMISSION_LABELS[p]) })} />
                      </label>
                    );
                  })}
                </div>
                {rowActions(r, dirty, saving)}
              </div>
            </li>
          );
        })}
      </ul>
    );
  } else {
    content = (
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table" aria-label={t('roles.matrix')}>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-base-100">{t('roles.col.role')}</th>
              {PERMISSIONS.map((p) => (
                <th key={p} scope="col" className="px-2 text-center align-bottom text-xs" title={hint(p)}>
                  <span className="inline-block max-w-24 whitespace-normal capitalize leading-tight">{t(PERMISSION_LABELS[p])}</span>
                </th>
              ))}
              <th scope="col" className="sticky right-0 z-10 bg-base-100"><span className="sr-only">{t('roles.col.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {offered(roles.data.data).map((r) => {
              const perms = permsOf(r);
              const dirty = isDirty(r);
              const saving = save.isPending && save.variables?.id === r.id;
              return (
                <tr key={r.id} data-testid={`role-row-${r.name}`} className={dirty ? 'bg-warning/5' : undefined}>
                  <th scope="row" className="sticky left-0 z-10 whitespace-nowrap bg-base-100">
                    <div className="font-semibold">{r.name}</div>
                    <div className="text-xs font-normal text-base-content/60">
                      {t('roles.usersCount', { count: r.users_count })}{r.is_system ? ` ${t('roles.builtIn')}` : ''}
                    </div>
                  </th>
                  {PERMISSIONS.map((p) => {
                    const locked = r.name === 'admin' && p === 'manage users';
                    return (
                      <td key={p} className="px-2 text-center">
                        <input
                          type="checkbox"
                          className="checkbox checkbox-primary checkbox-sm"
                          checked={perms.includes(p)}
                          disabled={locked || saving}
                          onChange={() => tick(r, p)}
                          aria-label={t('roles.permissionOf', { role: r.name, permission: t(PERMISSION_LABELS[p]) })}
                          title={locked ? t('roles.adminKeeps') : undefined}
                        />
                      </td>
                    );
                  })}
                  {/* Held at the right edge: the row's Save stays in view however far the matrix is scrolled. */}
                  <td className="sticky right-0 z-10 bg-base-100">{rowActions(r, dirty, saving)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('roles.pageTitle')}</h1>
          <p className="text-base-content/70">{t('roles.subtitle')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ open: true, role: null })}>{t('roles.add')}</button>
      </div>
      {content}
      <dl className="grid gap-2 text-sm text-base-content/70 sm:grid-cols-2 lg:grid-cols-3">
        {PERMISSIONS.map((p) => (
          <div key={p} className="rounded-box bg-base-100 px-3 py-2">
            <dt className="font-medium capitalize text-base-content">{t(PERMISSION_LABELS[p])}</dt>
            <dd>{hint(p)}</dd>
          </div>
        ))}
      </dl>
      <RoleNameDialog open={dialog.open} role={dialog.role} saving={save.isPending} onClose={() => setDialog({ open: false, role: null })} onSubmit={submitDialog} />
    </div>
  );
}
