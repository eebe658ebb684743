import type { Settings, SettingsBody } from '@kalinga/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { SITE_SETTINGS_KEY } from '../../lib/site-settings';

/** Saves the settings; the reply replaces the shared cache so the sidebar and title change at once. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) => api.post<Settings>('/api/settings', body),
    onSuccess: (settings) => qc.setQueryData(SITE_SETTINGS_KEY, settings),
  });
}
