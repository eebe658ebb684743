import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type notificationPreferencesBodySchema,
} from '@kalinga/contracts/notifications';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { findPreferences, savePreferences } from './notification-preferences.repository';

type PreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;

/** Every kind's choice for the signed-in user: their stored one, else the default. Preferences are the user's, in every company. */
export async function readPreferences(db: DB, auth: AuthContext): Promise<NotificationPreferences> {
  const stored = new Map((await findPreferences(db, auth.user.id)).map((r) => [r.kind, r]));
  const result = {} as Record<NotificationKind, { in_app: boolean; email: boolean }>;
  for (const kind of NOTIFICATION_KINDS) {
    const row = stored.get(kind);
    result[kind] = row ? { in_app: row.in_app, email: row.email } : { ...DEFAULT_NOTIFICATION_PREFERENCES[kind] };
  }
  return result;
}

/** Saves the kinds that were sent (others keep theirs) and returns the whole set. */
export async function writePreferences(db: DB, auth: AuthContext, body: PreferencesBody): Promise<NotificationPreferences> {
  const rows = NOTIFICATION_KINDS.flatMap((kind) => {
    const choice = body.preferences[kind];
    return choice ? [{ kind, in_app: choice.in_app, email: choice.email }] : [];
  });
  await savePreferences(db, auth.user.id, rows);
  return readPreferences(db, auth);
}
