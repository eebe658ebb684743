import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { useT } from '../../lib/i18n';
import { useDocumentTitle, useSiteSettings } from '../../session/site-settings';
import { BackupStatusSection } from './backup-status-section';
import { CaseNoteSettingsSection } from './case-note-settings-section';
import { EmailDeliveriesSection } from './email-deliveries-section';
import { PawnshopSettingsSection } from './pawnshop-settings-section';
import { SafetySettingsSection } from './safety-settings-section';
import { SettingsForm } from './site-settings-form';
import { LanguageSettingsSection } from './language-settings-section';

/** Settings › Site Settings: the centre's name, logo, address, time zone and booking rules. */
export function SettingsPage() {
  const t = useT('settings');
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, t('settings.pageTitle'));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">{t('settings.pageTitle')}</h1>
        <p className="text-base-content/70">{t('settings.subtitle')}</p>
      </div>
      {settings.isPending ? (
        <LoadingBlock text={t('settings.loading')} />
      ) : settings.isError ? (
        <ErrorAlert message={t('settings.loadFailed')} onRetry={() => settings.refetch()} />
      ) : (
        <SettingsForm key={settings.data.site_logo ?? 'none'} settings={settings.data} />
      )}
      <LanguageSettingsSection />
      <PawnshopSettingsSection />
      <SafetySettingsSection />
      <CaseNoteSettingsSection />
      <EmailDeliveriesSection />
      <BackupStatusSection />
    </div>
  );
}
