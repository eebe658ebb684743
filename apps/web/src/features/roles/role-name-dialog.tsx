import { PERMISSIONS } from '@kalinga/contracts/common';
import type { Role, RoleBody } from '@kalinga/contracts/roles';
import { type FormEvent, useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { PERMISSION_LABELS } from './permission-labels';

/** "Add Role" (name and starting permissions) or "Rename Role" (name only). */
export function RoleNameDialog({
  open,
  role,
  saving,
  onClose,
  onSubmit,
}: {
  open: boolean;
  role: Role | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: (body: RoleBody) => Promise<void>;
}) {
  const t = useT('roles');
  return (
    <Modal open={open} title={role ? t('roles.rename') : t('roles.add')} onClose={onClose}>
      {open && <RoleNameForm key={role?.id ?? 'new'} role={role} saving={saving} onClose={onClose} onSubmit={onSubmit} />}
    </Modal>
  );
}

function RoleNameForm({ role, saving, onClose, onSubmit }: { role: Role | null; saving: boolean; onClose: () => void; onSubmit: (body: RoleBody) => Promise<void> }) {
  const t = useT('roles');
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || saving) return;
    setError(null);
    try {
      await onSubmit({ name: name.trim(), permissions: permissions as RoleBody['permissions'] });
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors.name?.[0] ?? err.message) : t('roles.form.saveFailed'));
    }
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <label className="flex flex-col gap-1">
        <span className="font-medium">{t('roles.form.name')}</span>
        <input className={`input w-full ${error ? 'input-error' : ''}`} name="role_name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required autoFocus aria-invalid={!!error} aria-describedby={error ? 'role-name-error' : undefined} placeholder={t('roles.form.namePlaceholder')} />
        {error && <p id="role-name-error" className="text-sm text-red-700">{error}</p>}
      </label>
      {!role && (
        <fieldset>
          <legend className="mb-2 font-medium">{t('roles.form.permissions')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PERMISSIONS.map((p) => (
              <label key={p} className="flex items-center gap-2">
                <input type="checkbox" className="checkbox checkbox-sm" checked={permissions.includes(p)} onChange={() => setPermissions((cur) => (cur.includes(p) ? cur.filter((x) => x !== p) : [...cur, p]))} />
                <span className="capitalize">{t(PERMISSION_LABELS[p])}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose} disabled={saving}>{t('roles.form.cancel')}</button>
        <button type="submit" className="btn btn-primary" disabled={!name.trim() || saving}>
          {saving ? t('roles.saving') : role ? t('roles.form.rename') : t('roles.add')}
        </button>
      </div>
    </form>
  );
}
