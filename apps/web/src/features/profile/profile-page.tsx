import type { AuthUser } from '@kalinga/contracts/auth';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { setUser, useAuth } from '../auth/auth-store';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { SubmitButton } from '../../components/ui/submit-button';

export function ProfilePage() {
  const { user } = useAuth();
  const [name, setName] = useState(user?.name ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onePasswordOnly = (currentPassword === '') !== (newPassword === '');
  const canSave = name.trim() !== '' && !onePasswordOnly && !saving;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    setSaving(true);
    setError(null);
    // Only the name is sent unless both password fields are filled (product-rules.md#validation).
    const body = currentPassword && newPassword ? { name: name.trim(), current_password: currentPassword, new_password: newPassword } : { name: name.trim() };
    try {
      const reply = await api.put<{ user: AuthUser }>('/api/auth/profile', body);
      setUser(reply.user);
      setCurrentPassword('');
      setNewPassword('');
      notifySuccess('Profile updated successfully');
    } catch (err) {
      const message = errorMessage(err, 'Failed to update profile');
      setError(message);
      notifyError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">My Profile</h1>
      <div className="card bg-base-100 shadow-sm">
        <form className="card-body gap-4" onSubmit={submit}>
          {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
          <label className="flex flex-col gap-1">
            <span className="font-medium">Full Name</span>
            <input className="input w-full" name="name" required value={name} disabled={saving} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">Email</span>
            <input className="input w-full" name="email" type="email" value={user?.email ?? ''} disabled readOnly />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">Current Password</span>
            <input className="input w-full" name="current_password" type="password" autoComplete="current-password" placeholder="Enter only if changing password" value={currentPassword} disabled={saving} onChange={(e) => setCurrentPassword(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">New Password</span>
            <input className="input w-full" name="new_password" type="password" autoComplete="new-password" placeholder="Enter only if changing password" value={newPassword} disabled={saving} onChange={(e) => setNewPassword(e.target.value)} />
          </label>
          {onePasswordOnly && <p className="text-sm text-warning">Fill in both password fields to change your password.</p>}
          <div className="flex justify-end">
            <SubmitButton busy={saving} disabled={!canSave}>
              {saving ? 'Saving...' : 'Save Changes'}
            </SubmitButton>
          </div>
        </form>
      </div>
      <NotificationPreferencesSection />
    </div>
  );
}
