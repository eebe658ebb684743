import type { AuthUser } from '@kalinga/contracts/auth';
import { type FormEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { setUser, useAuth } from '../../session/auth-store';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { SubmitButton } from '../../components/ui/submit-button';
import { LanguagePicker } from '../../components/language-picker';
import { chooseOnDevice, forgetDeviceChoice, useT } from '../../lib/i18n';
import type { Language } from '@kalinga/contracts/languages';
import { lazyPart } from '../../lib/lazy-part';
import { useAfterPaint } from '../../lib/after-paint';

// My record, the page's last section, loads as a chunk of its own after the first paint: its contracts build zod
// schemas, which the screen's first chunks stay without (decisions 0091, 0232), and its code, the download's and
// its corrections' read are asked for only once the screen has been painted (decision 0362). Drawn last, it moves nothing.
const myRecord = lazyPart(() => import('./my-record-section').then((m) => m.MyRecordSection));

export function ProfilePage() {
  const t = useT('profile');
  const { user } = useAuth();
  const painted = useAfterPaint();
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
      notifySuccess(t('profile.updated'));
    } catch (err) {
      const message = errorMessage(err, t('profile.updateFailed'));
      setError(message);
      notifyError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('profile.title')}</h1>
      <div className="card bg-base-100 shadow-sm">
        <form className="card-body gap-4" onSubmit={submit}>
          {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('profile.fullName')}</span>
            <input className="input w-full" name="name" required value={name} disabled={saving} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('profile.email')}</span>
            <input className="input w-full" name="email" type="email" value={user?.email ?? ''} disabled readOnly />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('profile.currentPassword')}</span>
            <input className="input w-full" name="current_password" type="password" autoComplete="current-password" placeholder={t('profile.passwordPlaceholder')} value={currentPassword} disabled={saving} onChange={(e) => setCurrentPassword(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">{t('profile.newPassword')}</span>
            <input className="input w-full" name="new_password" type="password" autoComplete="new-password" placeholder={t('profile.passwordPlaceholder')} value={newPassword} disabled={saving} onChange={(e) => setNewPassword(e.target.value)} />
          </label>
          {onePasswordOnly && <p className="text-sm text-warning">{t('profile.bothPasswords')}</p>}
          <div className="flex justify-end">
            <SubmitButton busy={saving} disabled={!canSave}>
              {saving ? t('profile.saving') : t('profile.save')}
            </SubmitButton>
          </div>
        </form>
      </div>
      <LanguageSection />
      <NotificationPreferencesSection />
      {painted && (user?.user_type === 'student' || user?.user_type === 'personnel') && <myRecord.Part />}
    </div>
  );
}

/**
 * The user's language (decision 0246): saved on their profile at once (it follows them to every device, and their
 * emails use it) and on this device; "The site's default" clears their own choice.
 */
function LanguageSection() {
  const t = useT('profile');
  const { user } = useAuth();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (language: Language | '') => {
    if (!user) return;
    setSaving(true);
    setError(null);
    try {
      const reply = await api.put<{ user: AuthUser }>('/api/auth/profile', { name: user.name, language: language || null });
      await (language ? chooseOnDevice(language) : forgetDeviceChoice());
      setUser(reply.user);
      notifySuccess(t('profile.updated'));
    } catch (err) {
      setError(errorMessage(err, t('profile.updateFailed')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="profile-language" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="profile-language" className="card-title text-lg">{t('profile.language')}</h2>
        <p className="text-sm text-base-content/70">{t('profile.languageHint')}</p>
        {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
        <LanguagePicker label={t('profile.language')} value={user?.language ?? ''} extra={t('profile.languageSiteDefault')} disabled={saving} onChoose={(language) => void choose(language)} />
      </div>
    </section>
  );
}
