import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { needsServerFetch, readLocalSettings, settingsKey, writeLocalSettings } from '../offline/settings-local';
import { api, COMPANY_KEY } from '../lib/api-client';
import { queryClient } from '../lib/query-client';

export interface SiteSettings {
  site_name: string | null;
  site_logo: string | null;
  business_name: string | null;
  business_address: string | null;
  timezone?: string;
  appointment_duration_minutes?: number;
  students_can_book?: boolean;
  cancellation_notice_hours?: number;
  /** Hours before an appointment that reminders go out (0 = none); absent in a copy kept before reminders existed. */
  reminder_hours_before?: number;
  /** Days before today a lending action may be dated without 'backdate lending' (0 = today only; decision 0120). */
  lending_backdate_days?: number;
  /** The shop's BSP registration, printed on tickets; absent in a copy kept before it existed (decision 0184). */
  bsp_registration?: string | null;
  /** The lending business's name and address on tickets and notices when not the business's own (decision 0220). */
  pawnshop_name?: string | null;
  pawnshop_address?: string | null;
  /** Days before a redemption period ends that its ticket is listed to notify (decision 0184). */
  pawn_notice_days?: number;
  /** The shop's next auction, named on the notices when set (decision 0194); absent in a copy kept before it existed. */
  pawn_auction_date?: string | null;
  pawn_auction_place?: string | null;
  /** Pesos: a first loan above it needs the customer's full record; null, no such rule (decision 0186). */
  kyc_loan_threshold?: number | null;
  /** Minutes a freed slot is held for the waiting client it is offered to; absent in a copy kept before the waitlist. */
  waitlist_hold_minutes?: number;
  /** Hours after a client lets a held time go before they are offered another (0 = at once; decision 0223). */
  waitlist_cooldown_hours?: number;
  /** No-shows or late cancellations in a row after which a client's booking waits for approval (0 = off; decision 0155). */
  no_show_limit?: number;
  /** Hours a break-the-glass opening of a client's file lasts (decision 0203). */
  break_glass_hours?: number;
  /** Years a closed client file is kept before it is listed to purge (decision 0236). */
  retention_years?: number;
  /** The language of users who chose none (decision 0246); absent in a copy kept before languages existed. */
  default_language?: 'fil' | 'en' | null;
}

export const SITE_SETTINGS_KEY = ['settings'] as const;
// Settings are cached for an hour (product-rules.md#constants).
const SETTINGS_CACHE_MS = 3_600_000;
export const FETCH_SETTINGS_FAILED = 'Failed to fetch settings';

function currentKey(): string {
  return settingsKey(localStorage.getItem(COMPANY_KEY));
}

/**
 * Local-first (product-rules.md#screen-administration): the copy on this device, the server asked only when online and the copy is
 * older than an hour or has no site name. A failed fetch falls back to the local copy when there is one.
 */
export async function loadSiteSettings(): Promise<SiteSettings> {
  const key = currentKey();
  const local = await readLocalSettings(key).catch((error: unknown) => {
    console.error('Failed to read the local settings', error);
    return undefined;
  });
  if (!needsServerFetch(local, navigator.onLine)) {
    if (local) return local.data as unknown as SiteSettings;
    throw new Error(FETCH_SETTINGS_FAILED);
  }
  try {
    const fresh = await api.get<SiteSettings>('/api/settings');
    await writeLocalSettings(key, fresh).catch((error: unknown) => console.error('Failed to keep the settings on this device', error));
    return fresh;
  } catch (error) {
    if (local) return local.data as unknown as SiteSettings;
    console.error(FETCH_SETTINGS_FAILED, error);
    throw new Error(FETCH_SETTINGS_FAILED);
  }
}

/** After a save the server's reply is the local copy too. */
export async function storeSiteSettings(settings: SiteSettings): Promise<void> {
  await writeLocalSettings(currentKey(), settings);
}

const settingsQuery = {
  queryKey: SITE_SETTINGS_KEY,
  queryFn: loadSiteSettings,
  staleTime: SETTINGS_CACHE_MS,
  // Read from the device even offline (TanStack Query would otherwise pause the query).
  networkMode: 'always',
} as const;

/** The company's site settings (name, logo, booking rules), shared by the layout and any screen that needs them. */
export function useSiteSettings(enabled = true) {
  return useQuery({ ...settingsQuery, enabled });
}

/**
 * Loads the settings into the query cache by the same local-first rule, beside the session check: the first
 * screen finds them there (no request after it mounts), and after a sign-in a copy is on the device before
 * the app opens, so a network lost straight after still shows them (decision 0097). Never throws.
 */
export function prefetchSiteSettings(): Promise<void> {
  return queryClient.prefetchQuery(settingsQuery);
}


/** Keeps the browser title in step with the site name. */
export function useDocumentTitle(siteName: string | null | undefined, page?: string): void {
  useEffect(() => {
    const site = siteName || 'Kalinga';
    document.title = page ? `${page} · ${site}` : site;
  }, [siteName, page]);
}
