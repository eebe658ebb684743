import { zoneToName } from '../../../lib/centre-time';
import { useT } from '../../../lib/i18n';

/**
 * "Times are in the centre's time zone (Asia/Manila)." where the browser is in another zone, once on a screen or a
 * dialog whose times are on the centre's clock (decisions 0224, 0383); nothing where the zones agree.
 */
export function CentreZoneNote({ timeZone, className = 'text-sm text-base-content/75' }: { timeZone: string | undefined; className?: string }) {
  const t = useT('appointments');
  const zone = zoneToName(timeZone);
  return zone ? <p className={className} data-testid="centre-zone-note">{t('appointments.zoneNote', { zone })}</p> : null;
}
