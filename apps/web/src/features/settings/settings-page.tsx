import { ErrorAlert } from '../../components/ui/error-alert';
import { LoadingBlock } from '../../components/ui/spinner';
import { useDocumentTitle, useSiteSettings } from '../../lib/site-settings';
import { BackupStatusSection } from './backup-status-section';
import { EmailDeliveriesSection } from './email-deliveries-section';
import { PawnshopSettingsSection } from './pawnshop-settings-section';
import { SafetySettingsSection } from './safety-settings-section';
import { SettingsForm } from './site-settings-form';

/** Settings › Site Settings: the centre's name, logo, address, time zone and booking rules. */
export function SettingsPage() {
  const settings = useSiteSettings();
  useDocumentTitle(settings.data?.site_name, 'Site Settings');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold">Site Settings</h1>
        <p className="text-base-content/70">How your centre appears to everyone, and how appointments are booked</p>
      </div>
      {settings.isPending ? (
        <LoadingBlock text="Loading settings..." />
      ) : settings.isError ? (
        <ErrorAlert message="Failed to fetch settings" onRetry={() => settings.refetch()} />
      ) : (
        <SettingsForm key={settings.data.site_logo ?? 'none'} settings={settings.data} />
      )}
      <PawnshopSettingsSection />
      <SafetySettingsSection />
      <EmailDeliveriesSection />
      <BackupStatusSection />
    </div>
  );
}
