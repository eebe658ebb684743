import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';

export interface SiteSettings {
  site_name: string | null;
  site_logo: string | null;
  business_name: string | null;
  business_address: string | null;
  timezone?: string;
  appointment_duration_minutes?: number;
  students_can_book?: boolean;
}

export const SITE_SETTINGS_KEY = ['settings'] as const;
// Spec section 9: settings are cached for an hour.
const SETTINGS_CACHE_MS = 3_600_000;

/** The company's site settings (name, logo, booking rules), shared by the layout and any screen that needs them. */
export function useSiteSettings(enabled = true) {
  return useQuery({
    queryKey: SITE_SETTINGS_KEY,
    queryFn: () => api.get<SiteSettings>('/api/settings'),
    staleTime: SETTINGS_CACHE_MS,
    enabled,
  });
}

/** Keeps the browser title in step with the site name. */
export function useDocumentTitle(siteName: string | null | undefined, page?: string): void {
  useEffect(() => {
    const site = siteName || 'Kalinga';
    document.title = page ? `${page} · ${site}` : site;
  }, [siteName, page]);
}
