import { useQuery } from '@tanstack/react-query';
import type { SettingsChanges } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** `/api/settings` (admins); the settings also carry the guests' quota, which a share delete changes. */
export const settingsPaths = { settings: '/api/settings' };

export const settingsKeys = { settings: ['admin', 'settings'] as const };

export const useSettings = () => useQuery({ queryKey: settingsKeys.settings, queryFn: () => apiRequest(settingsPaths.settings, { expect: 'settings' }) });

export const settingsApi = {
  save: (changes: SettingsChanges) => apiRequest(settingsPaths.settings, { method: 'PATCH', body: changes, expect: 'settings' }),
};
