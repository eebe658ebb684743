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
import { useDocumentTitle, useSiteSettings } from '../../lib/site-settings';
import { refreshUser, useAuth } from '../auth/auth-store';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { USER_TYPE_LABELS, UserForm, userKindLabel } from './user-form';
import { type UserFormBody, useDeleteUser, useRoleNames, useSaveUser, useToggleStatus, useUsers } from './users-api';

function StatusBadge({ status }: { status: User['status'] }) {
  // daisyUI's soft success text is too pale to read (axe colour contrast); darker text on the soft fill.
  return status === 'active' ? (
    <span className="badge border-emerald-200 bg-emerald-50 text-emerald-800">Active</span>
  ) : (
    <span className="badge border-base-300 bg-base-200 text-base-content/80">Inactive</span>
  );
}

function RoleBadges({ roles }: { roles: string[] }) {
  if (roles.length === 0) return <span className="text-base-content/50">No role</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {roles.map((r) => <span key={r} className="badge badge-ghost badge-sm">{r}</span>)}
    </div>
  );
}

/** Settings › Users: the centre's accounts, with search, filters, status switch, drawer form and delete. */
export function UsersPage() {
  const { user: me } = useAuth();
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, 'Users');
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
      notifyError(errorMessage(err, isNew ? 'Failed to create user' : 'Failed to update user'));
      throw err;
    }
    notifySuccess(isNew ? 'User created successfully' : 'User updated successfully');
    setDrawerOpen(false);
    // Editing oneself may change one's own roles: the menu follows at once.
    if (!isNew && editing.id === me?.id) void refreshUser().catch(() => undefined);
  };

  const toggleStatus = async (u: User) => {
    if (u.status === 'active') {
      const ok = await confirm({ title: `Deactivate ${u.name}?`, text: 'They will be signed out at once and cannot sign in until the account is activated again.', confirmText: 'Deactivate', danger: true });
      if (!ok) return;
    }
    try {
      const reply = await toggle.mutateAsync(u.id);
      notifySuccess(reply.data.status === 'active' ? 'User activated successfully' : 'User deactivated successfully');
    } catch (err) {
      notifyError(errorMessage(err, 'Failed to update user status'));
    }
  };

  const deleteUser = async (u: User) => {
    if (!(await confirmDelete(u.name))) return;
    try {
      await remove.mutateAsync(u.id);
      notifySuccess('User deleted successfully');
      if (users.data && users.data.data.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      notifyError(errorMessage(err, 'Failed to delete user'));
    }
  };

  const actions = (u: User) => {
    const isMe = u.id === me?.id;
    return (
      <div className="flex items-center justify-end gap-1">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => openEdit(u)} aria-label={`Edit ${u.name}`}>Edit</button>
        {!isMe && (
          <button type="button" className="btn btn-ghost btn-sm text-red-700" onClick={() => deleteUser(u)} aria-label={`Delete ${u.name}`}>Delete</button>
        )}
      </div>
    );
  };
  const statusSwitch = (u: User) => {
    const isMe = u.id === me?.id;
    return (
      <label className="flex items-center gap-2" title={isMe ? 'You cannot deactivate your own account' : undefined}>
        <input
          type="checkbox"
          className="toggle toggle-success toggle-sm"
          checked={u.status === 'active'}
          disabled={isMe || (toggle.isPending && toggle.variables === u.id)}
          onChange={() => toggleStatus(u)}
          aria-label={`${u.name} is active`}
        />
        <StatusBadge status={u.status} />
      </label>
    );
  };

  let body;
  if (users.isPending) body = <LoadingBlock text="Loading users..." />;
  else if (users.isError) body = <ErrorAlert message={errorMessage(users.error, 'Failed to load users')} onRetry={() => users.refetch()} />;
  else if (users.data.data.length === 0) {
    body = filtered ? (
      <EmptyState title="No users found" text="Try adjusting your search or filters" />
    ) : (
      <EmptyState title="No users yet" text="Add the centre's counselors, personnel and students." action={<button type="button" className="btn btn-primary" onClick={openCreate}>Add User</button>} />
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
                <th scope="col">Name</th>
                <th scope="col">Type and Department</th>
                <th scope="col">Roles</th>
                <th scope="col">Status</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((u) => (
                <tr key={u.id} data-testid="user-row">
                  <td>
                    <div className="flex items-center gap-3">
                      <Avatar name={u.name} src={u.avatar} size="sm" />
                      <div className="min-w-0 max-w-64">
                        <div className="font-medium">{u.name}{u.id === me?.id && <span className="ml-2 text-xs text-base-content/60">(you)</span>}</div>
                        <div className="truncate text-sm text-base-content/60">{u.email}</div>
                      </div>
                    </div>
                  </td>
                  <td className="max-w-56">
                    <div>{userKindLabel(u)}{u.student_id && <span className="text-base-content/70"> · {u.student_id}</span>}</div>
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
                    <div className="font-medium">{u.name}{u.id === me?.id && <span className="ml-2 text-xs text-base-content/60">(you)</span>}</div>
                    <div className="truncate text-sm text-base-content/60">{u.email}</div>
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/70">
                  <span>{userKindLabel(u)}</span>
                  {u.student_id && <span>ID {u.student_id}</span>}
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
            <p className="text-sm text-base-content/60">Showing {users.data.meta.from}–{users.data.meta.to} of {users.data.meta.total} users</p>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Users</h1>
          <p className="text-base-content/70">Manage accounts, roles and access for your centre</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={openCreate}>Add User</button>
      </div>
      <div className="flex flex-col gap-3 md:flex-row">
        <label className="input w-full md:flex-1">
          <svg aria-hidden="true" className="h-4 w-4 opacity-50" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}><path strokeLinecap="round" strokeLinejoin="round" d="M21 21l-4.35-4.35M10.5 18a7.5 7.5 0 100-15 7.5 7.5 0 000 15z" /></svg>
          <span className="sr-only">Search users</span>
          <input type="search" className="grow" placeholder="Search by name, email or student ID..." value={search} onChange={(e) => resetTo(() => setSearch(e.target.value))} />
          {search && <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label="Clear search" onClick={() => resetTo(() => setSearch(''))}>✕</button>}
        </label>
        <div className="grid grid-cols-2 gap-3 md:flex">
          <label className="flex flex-col">
            <span className="sr-only">Role</span>
            <select className="select w-full md:w-44" value={role} onChange={(e) => resetTo(() => setRole(e.target.value))} aria-label="Filter by role">
              <option value="">All Roles</option>
              {(roleNames.data ?? []).map((r) => <option key={r} value={r}>{r}</option>)}
            </select>
          </label>
          <label className="flex flex-col">
            <span className="sr-only">User type</span>
            <select className="select w-full md:w-44" value={userType} onChange={(e) => resetTo(() => setUserType(e.target.value))} aria-label="Filter by user type">
              <option value="">All User Types</option>
              {USER_TYPES.map((t: UserType) => <option key={t} value={t}>{USER_TYPE_LABELS[t]}</option>)}
            </select>
          </label>
        </div>
      </div>
      {body}
      <Drawer open={drawerOpen} title={editing ? 'Edit User' : 'Add User'} onClose={closeDrawer}>
        {drawerOpen && (
          <UserForm key={editing?.id ?? 'new'} user={editing} roleNames={roleNames.data ?? []} saving={save.isPending} onSubmit={submit} onCancel={closeDrawer} />
        )}
      </Drawer>
    </div>
  );
}
