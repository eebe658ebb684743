import { type FormEvent, useState } from 'react';
import type { Language } from '@kalinga/contracts/languages';
import { LanguagePicker } from '../../components/language-picker';
import { SubmitButton } from '../../components/ui/submit-button';
import { notifyError, notifySuccess } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { useSiteSettings } from '../../session/site-settings';
import { SETTINGS_OFFLINE, useSaveSettings } from './settings-api';

// Site Settings › Language (decision 0246): the language of everyone who has not chosen one in My Profile, on
// screen and in the emails and letters they receive; none, each browser's own language. It reads the same site
// settings as the page's general form above it, which shows their loading and their failure with Retry: until they
// are in, this section waits unseen.

export function LanguageSettingsSection() {
  const t = useT('settings');
  const settings = useSiteSettings();
  if (!settings.data) return null;
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="settings-language">
      <div className="card-body gap-4">
        <h2 id="settings-language" className="card-title text-lg">{t('settings.language.title')}</h2>
        <LanguageForm current={settings.data.default_language ?? ''} />
      </div>
    </section>
  );
}

function LanguageForm({ current }: { current: Language | '' }) {
  const t = useT('settings');
  const save = useSaveSettings();
  const [language, setLanguage] = useState<Language | ''>(current);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ default_language: language || null });
      notifySuccess(t('settings.language.saved'));
    } catch (err) {
      const offline = (err instanceof Error && err.message === SETTINGS_OFFLINE) || (err instanceof ApiError && err.status === 0);
      const message = offline ? t('settings.language.offline') : err instanceof ApiError && err.errors.default_language ? err.errors.default_language.join(' ') : t('settings.language.saveFailed');
      setError(message);
      notifyError(message);
    }
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
      <p className="text-sm text-base-content/70">{t('settings.language.hint')}</p>
      {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
      <LanguagePicker label={t('settings.language.label')} value={language} extra={t('settings.language.none')} disabled={save.isPending} onChoose={setLanguage} />
      <div className="flex justify-end">
        <SubmitButton busy={save.isPending}>{save.isPending ? t('settings.language.saving') : t('settings.language.save')}</SubmitButton>
      </div>
    </form>
  );
}
