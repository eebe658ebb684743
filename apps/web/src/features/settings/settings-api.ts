import type { Settings, SettingsBody } from '@kalinga/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { SITE_SETTINGS_KEY, storeSiteSettings } from '../../session/site-settings';

export const SETTINGS_OFFLINE = 'Cannot update settings while offline';

/** Saves the settings (online only); the reply replaces the shared cache and the copy on this device. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: SettingsBody) => {
      if (!navigator.onLine) throw new Error(SETTINGS_OFFLINE);
      const saved = await api.post<Settings>('/api/settings', body);
      await storeSiteSettings(saved);
      return saved;
    },
    // Offline the mutation must still run, to refuse with the sentence above.
    networkMode: 'always',
    onSuccess: (settings) => qc.setQueryData(SITE_SETTINGS_KEY, settings),
  });
}
