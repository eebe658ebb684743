/** The bell's accessible name: 'Notifications, 3 unread', or just 'Notifications'. */
export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The badge text: the count, '99+' above 99, nothing at 0. */
export function badgeText(unread: number | undefined): string | null {
  if (!unread) return null;
  return unread > 99 ? '99+' : String(unread);
}
