import { t } from '../../lib/i18n';

/** The bell's accessible name: 'Notifications, 3 unread', or just 'Notifications' (the frame's catalog, loaded with the frame). */
export function bellLabel(unread: number | undefined): string {
  return unread ? t('frame.bell.unread', { count: unread }) : t('frame.bell.label');
}

/** The badge text: the count, '99+' above 99, nothing at 0. */
export function badgeText(unread: number | undefined): string | null {
  if (!unread) return null;
  return unread > 99 ? '99+' : String(unread);
}
