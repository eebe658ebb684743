import type { SettingsRecord } from './db';
import { quickRead, USE_DEXIE } from './quick-read';
import { reportStorageError } from './storage-persistence';

// The database code (Dexie) is imported on first need: every signed-in start-up reads the settings, and that
// read goes without it (quick-read.ts, decision 0098).
const database = () => import('./database');

// Site settings kept on this device, one row per company (product-rules.md#screen-administration: read local-first; the server is asked
// only when online, and not again within an hour of the last fetch when a site name is present).

/** Settings cache 1 hour (product-rules.md#constants). */
export const SETTINGS_CACHE_MS = 3_600_000;

export function settingsKey(companyId: string | null): string {
  return `company:${companyId ?? 'default'}`;
}

export async function readLocalSettings(key: string): Promise<SettingsRecord | undefined> {
  const quick = await quickRead<SettingsRecord>('settings', key);
  if (quick !== USE_DEXIE) return quick;
  return (await database()).deviceDatabase().settings.get(key);
}

/** Stores what the server sent; updated_at is when it was fetched. */
export async function writeLocalSettings(key: string, data: object, now: Date = new Date()): Promise<void> {
  try {
    const { deviceDatabase } = await database();
    await deviceDatabase().settings.put({ id: key, data: { ...data }, updated_at: now.toISOString() });
  } catch (error) {
    if (!reportStorageError(error, 'the site settings were not saved on this device')) throw error;
  }
}

/** The refetch rule (product-rules.md#screen-administration): only online, and not when fetched under an hour ago with a site name present. */
export function needsServerFetch(record: SettingsRecord | undefined, online: boolean, now: Date = new Date()): boolean {
  if (!online) return false;
  if (!record) return true;
  const age = now.getTime() - Date.parse(record.updated_at);
  const hasSiteName = typeof record.data.site_name === 'string' && record.data.site_name.trim() !== '';
  return !(hasSiteName && age >= 0 && age < SETTINGS_CACHE_MS);
}
