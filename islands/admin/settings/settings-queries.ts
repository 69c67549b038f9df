import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDto } from '../../../src/shared/schemas/accounts.ts';
import type { AdminTempShareDto } from '../../../src/shared/schemas/temp-share-admin.ts';
import type { SettingsChanges, SettingsDto } from '../../../src/shared/types.ts';
import { apiRequest } from '../../lib/api.ts';
import { toast } from '../../ui/toast-store.ts';

/** Settings' reads; the settings also carry the guests' quota, which a share delete changes. */
export const settingsKeys = {
  settings: ['admin', 'settings'] as const,
  accounts: ['admin', 'users'] as const,
  tempShares: ['admin', 'temp-shares'] as const,
};

export const useSettings = () => useQuery({ queryKey: settingsKeys.settings, queryFn: () => apiRequest<SettingsDto>('/api/settings') });
export const useAccounts = () => useQuery({ queryKey: settingsKeys.accounts, queryFn: () => apiRequest<AccountDto[]>('/api/users') });
export const useTempShares = () => useQuery({ queryKey: settingsKeys.tempShares, queryFn: () => apiRequest<AdminTempShareDto[]>('/api/temp-shares') });


/** Shown at once, then the server's answer; a refusal puts the old value back (docs/decisions/063-settings-texts.md). */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: SettingsChanges) => apiRequest<SettingsDto>('/api/settings', { method: 'PATCH', body: changes }),
    onMutate: (changes) => {
      const before = client.getQueryData<SettingsDto>(settingsKeys.settings);
      if (before) client.setQueryData(settingsKeys.settings, { ...before, ...changes });
      return { before };
    },
    onSuccess: (saved) => {
      client.setQueryData(settingsKeys.settings, saved);
      toast({ title: 'Settings saved' });
    },
    onError: (error, _changes, context) => {
      if (context?.before) client.setQueryData(settingsKeys.settings, context.before);
      toast({ title: 'Failed to save settings', description: messageOf(error, 'Please try again'), variant: 'destructive' });
    },
  });
}

/** The server's message when it answered; the fallback when the request never reached it. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message && !(error instanceof TypeError) ? error.message : fallback;
}
