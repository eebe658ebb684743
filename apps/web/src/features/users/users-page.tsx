import { USER_TYPES, type UserType } from '@kalinga/contracts/common';
import type { User } from '@kalinga/contracts/users';
import { useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { confirm, confirmDelete } from '../../components/ui/confirm-dialog';
import { Drawer } from '../../components/ui/drawer';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Pagination } from '../../components/ui/pagination';
import { LoadingBlock } from '../../components/ui/spinner';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { refreshUser, useAuth } from '../../session/auth-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useT } from '../../lib/i18n';
import { USER_TYPE_LABELS, UserForm, userKindLabel } from './user-form';
import { type UserFormBody, useDeleteUser, useRoleNames, useSaveUser, useToggleStatus, useUsers } from './users-api';

function StatusBadge({ status }: { status: User['status'] }) {
  const t = useT('users');
  // daisyUI's soft success text is too pale to read (axe colour contrast); darker text on the soft fill.
  return status === 'active' ? (
    <span className="badge border-emerald-200 bg-emerald-50 text-emerald-800">{t('users.active')}</span>
  ) : (
    <span className="badge border-base-300 bg-base-200 text-base-content/80">{t('users.inactive')}</span>
  );
}

function RoleBadges({ roles }: { roles: string[] }) {
  const t = useT('users');
  if (roles.length === 0) return <span className="text-base-content/50">{t('users.noRole')}</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {roles.map((r) => <span key={r} className="badge badge-ghost badge-sm">{r}</span>)}
    </div>
  );
}

/** Settings › Users: the centre's accounts, with search, filters, status switch, drawer form and delete. */
export function UsersPage() {
  const t = useT('users');
  const { user: me } = useAuth();
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('users.pageTitle'));
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [userType, setUserType] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim());
  const users = useUsers({ page, search: debouncedSearch, role, user_type: userType });
  const roleNames = useRoleNames();
  const save = useSaveUser();
  const remove = useDeleteUser();
  const toggle = useToggleStatus();
  const [editing, setEditing] = useState<User | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const filtered = debouncedSearch !== '' || role !== '' || userType !== '';
  const openCreate = () => { setEditing(null); setDrawerOpen(true); };
  const openEdit = (u: User) => { setEditing(u); setDrawerOpen(true); };
  const closeDrawer = () => setDrawerOpen(false);
  const resetTo = (fn: () => void) => { fn(); setPage(1); };

  const submit = async (body: UserFormBody) => {
    const isNew = editing === null;
    try {
      await save.mutateAsync({ id: editing?.id ?? null, body });
    } catch (err) {
      notifyError(errorMessage(err, isNew ? t('users.createFailed') : t('users.updateFailed')));
      throw err;
    }
    notifySuccess(isNew ? t('users.created') : t('users.updated'));
    setDrawerOpen(false);
    // Editing oneself may change one's own roles: the menu follows at once.
    if (!isNew && editing.id === me?.id) void refreshUser().catch(() => undefined);
  };

  const toggleStatus = async (u: User) => {
    if (u.status === 'active') {
      const ok = await confirm({ title: t('users.deactivate.title', { name: u.name }), text: t('users.deactivate.text'), confirmText: t('users.deactivate.confirm'), danger: true });
      if (!ok) return;
    }
    try {
      const reply = await toggle.mutateAsync(u.id);
      notifySuccess(reply.data.status === 'active' ? t('users.activated') : t('users.deactivated'));
    } catch (err) {
      notifyError(errorMessage(err, t('users.statusFailed')));
    }
  };

  const deleteUser = async (u: User) => {
    if (!(await confirmDelete(u.name))) return;
    try {
      await remove.mutateAsync(u.id);
      notifySuccess(t('users.deleted'));
      if (users.data && users.data.data.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      notifyError(errorMessage(err, t('users.deleteFailed')));
    }
  };

  const actions = (u: User) => {
    const isMe = u.id === me?.id;
    return (
      <div className="flex items-center justify-end gap-1">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => openEdit(u)} aria-label={t('users.editNamed', { name: u.name })}>{t('users.editButton')}</button>
        {!isMe && (
          <button type="button" className="btn btn-ghost btn-sm text-red-700" onClick={() => deleteUser(u)} aria-label={t('users.deleteNamed', { name: u.name })}>{t('users.deleteButton')}</button>
        )}
      </div>
    );
  };
  const statusSwitch = (u: User) => {
    const isMe = u.id === me?.id;
    return (
      <label className="flex items-center gap-2" title={isMe ? t('users.cannotDeactivateSelf') : undefined}>
        <input
          type="checkbox"
          className="toggle toggle-success toggle-sm"
          checked={u.status === 'active'}
          disabled={isMe || (toggle.isPending && toggle.variables === u.id)}
          onChange={() => toggleStatus(u)}
          aria-label={t('users.isActive', { name: u.name })}
        />
        <StatusBadge status={u.status} />
      </label>
    );
  };

  let body;
  if (users.isPending) body = <LoadingBlock text={t('users.loading')} />;
  else if (users.isError) body = <ErrorAlert message={errorMessage(users.error, t('users.loadFailed'))} onRetry={() => users.refetch()} />;
  else if (users.data.data.length === 0) {
    body = filtered ? (
      <EmptyState title={t('users.noneFound')} text={t('users.noneFoundHint')} />
    ) : (
      <EmptyState title={t('users.noneYet')} text={t('users.noneYetHint')} action={<button type="button" className="btn btn-primary" onClick={openCreate}>{t('users.add')}</button>} />
    );
  } else {
    const rows = users.data.data;
    body = (
      <>
        {/* Desktop: a table. Phones: one card per user. */}
        <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('users.col.name')}</th>
                <th scope="col">{t('users.col.typeDept')}</th>
                <th scope="col">{t('users.col.roles')}</th>
                <th scope="col">{t('users.col.status')}</th>
                <th scope="col"><span className="sr-only">{t('users.col.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id} data-testid="user-row">
                  <td>
                    <div className="flex items-center gap-3">
                      <Avatar name={u.name} src={u.avatar} size="sm" />
                      <div className="min-w-0 max-w-64">
                        <div className="font-medium">{u.name}{u.id === me?.id && <span className="ml-2 text-xs text-base-content/60">{t('users.you')}</span>}</div>
                        <div className="truncate text-sm text-base-content/60">{u.email}</div>
                      </div>
                    </div>
                  </td>
                  <td className="max-w-56">
                    <div>{userKindLabel(u, t)}{u.student_id && <span className="text-base-content/70"> · {u.student_id}</span>}</div>
                    {u.department && <div className="truncate text-sm text-base-content/70" title={u.department}>{u.department}</div>}
                  </td>
                  <td><RoleBadges roles={u.roles} /></td>
                  <td>{statusSwitch(u)}</td>
                  <td>{actions(u)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="flex flex-col gap-3 md:hidden">
          {rows.map((u) => (
            <li key={u.id} className="card bg-base-100 shadow-sm" data-testid="user-card">
              <div className="card-body gap-3 p-4">
                <div className="flex items-center gap-3">
                  <Avatar name={u.name} src={u.avatar} size="sm" />
                  <div className="min-w-0 flex-1">
                    <div className="font-medium">{u.name}{u.id === me?.id && <span className="ml-2 text-xs text-base-content/60">{t('users.you')}</span>}</div>
                    <div className="truncate text-sm text-base-content/60">{u.email}</div>
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/70">
                  <span>{userKindLabel(u, t)}</span>
                  {u.student_id && <span>{t('users.idLabel', { id: u.student_id })}</span>}
                  {u.department && <span>{u.department}</span>}
                </div>
                <RoleBadges roles={u.roles} />
                <div className="flex items-center justify-between">
                  {statusSwitch(u)}
                  {actions(u)}
                </div>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-col items-center gap-2">
          <Pagination currentPage={users.data.meta.current_page} lastPage={users.data.meta.last_page} onPageChange={setPage} />
          {users.data.meta.from !== null && (
            <p className="text-sm text-base-content/60">{t('users.showing', { from: users.data.meta.from, to: users.data.meta.to ?? users.data.meta.from, total: users.data.meta.total })}</p>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('users.pageTitle')}</h1>
          <p className="text-base-content/70">{t('users.subtitle')}</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={openCreate}>{t('users.add')}</button>
      </div>
      <div className="flex flex-col gap-3 md:flex-row">
        <label className="input w-full md:flex-1">
          <svg aria-hidden="true" className="h-4 w-4 opacity-50" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}><path strokeLinecap="round" strokeLinejoin="round" d="M21 21l-4.35-4.35M10.5 18a7.5 7.5 0 100-15 7.5 7.5 0 000 15z" /></svg>
          <span className="sr-only">{t('users.search')}</span>
          <input type="search" className="grow" placeholder={t('users.searchPlaceholder')} value={search} onChange={(e) => resetTo(() => setSearch(e.target.value))} />
          {search && <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={t('users.clearSearch')} onClick={() => resetTo(() => setSearch(''))}>✕</button>}
        </label>
        <div className="grid grid-cols-2 gap-3 md:flex">
          <label className="flex flex-col">
            <span className="sr-only">{t('users.role')}</span>
            <select className="select w-full md:w-44" value={role} onChange={(e) => resetTo(() => setRole(e.target.value))} aria-label={t('users.filterRole')}>
              <option value="">{t('users.allRoles')}</option>
              {(roleNames.data ?? []).map((r) => <option key={r} value={r}>{r}</option>)}
            </select>
          </label>
          <label className="flex flex-col">
            <span className="sr-only">{t('users.userType')}</span>
            <select className="select w-full md:w-44" value={userType} onChange={(e) => resetTo(() => setUserType(e.target.value))} aria-label={t('users.filterType')}>
              <option value="">{t('users.allTypes')}</option>
              {USER_TYPES.map((type: UserType) => <option key={type} value={type}>{t(USER_TYPE_LABELS[type])}</option>)}
            </select>
          </label>
        </div>
      </div>
      {body}
      <Drawer open={drawerOpen} title={editing ? t('users.edit') : t('users.add')} onClose={closeDrawer}>
        {drawerOpen && (
          <UserForm key={editing?.id ?? 'new'} user={editing} roleNames={roleNames.data ?? []} saving={save.isPending} onSubmit={submit} onCancel={closeDrawer} timeZone={settings.data?.timezone} />
        )}
      </Drawer>
    </div>
  );
}
