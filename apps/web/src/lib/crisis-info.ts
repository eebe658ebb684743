import { type CrisisInfo, DEFAULT_NEXT_STEPS, NATIONAL_CRISIS_LINES } from '@kalinga/contracts/screening/crisis';
import { api, COMPANY_KEY } from './api-client';

// The crisis screen's contacts on this device (decision 0161). They are the centre's public lines, not anyone's
// data: kept in localStorage for each company and as the device's last copy, and not removed at sign-out, so the
// crisis screen shows them offline, from a cold start, and to someone whose session has ended. A device that never
// kept any shows the national crisis lines built into the app.

const KEY_PREFIX = 'crisis_info:';
const LAST_KEY = `${KEY_PREFIX}last`;

function parse(text: string | null): CrisisInfo | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<CrisisInfo>;
    if (!Array.isArray(value.contacts) || value.contacts.length === 0 || typeof value.next_steps !== 'string') return null;
    const contacts = value.contacts.filter((c) => c && typeof c.name === 'string' && typeof c.number === 'string').map((c) => ({ name: c.name, number: c.number, hours: typeof c.hours === 'string' ? c.hours : '' }));
    return contacts.length > 0 ? { contacts, next_steps: value.next_steps } : null;
  } catch {
    return null;
  }
}

/** What the crisis screen shows now: this company's kept copy, the device's last one, or the national lines. */
export function keptCrisisInfo(storage: Storage = localStorage): CrisisInfo & { kept: boolean } {
  const company = storage.getItem(COMPANY_KEY);
  const kept = (company ? parse(storage.getItem(KEY_PREFIX + company)) : null) ?? parse(storage.getItem(LAST_KEY));
  return kept ? { ...kept, kept: true } : { contacts: [...NATIONAL_CRISIS_LINES], next_steps: DEFAULT_NEXT_STEPS, kept: false };
}

/** The event this tab hears when the kept contacts change (another tab hears the storage event). */
const CHANGED = 'kalinga:crisis-info';

export function keepCrisisInfo(info: CrisisInfo, storage: Storage = localStorage): void {
  const text = JSON.stringify({ contacts: info.contacts, next_steps: info.next_steps });
  try {
    const company = storage.getItem(COMPANY_KEY);
    if (company) storage.setItem(KEY_PREFIX + company, text);
    storage.setItem(LAST_KEY, text);
  } catch (error) {
    console.error('Failed to keep the crisis contacts on this device', error);
  }
  // An open crisis screen shows the centre's contacts the moment they are known (decision 0225).
  window.dispatchEvent(new Event(CHANGED));
}

/** Calls `listener` whenever the kept contacts change, in this tab or another; returns the unsubscribe. */
export function onCrisisInfoChange(listener: () => void): () => void {
  const fromOtherTab = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith(KEY_PREFIX)) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** Asks the server for the centre's contacts (signed in, online) and keeps them; returns them, or null. */
export async function refreshCrisisInfo(): Promise<CrisisInfo | null> {
  if (!navigator.onLine) return null;
  try {
    const info = await api.get<CrisisInfo>('/api/crisis-contacts');
    keepCrisisInfo(info);
    return info;
  } catch {
    return null;
  }
}
