import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsChanges, SettingsDto } from '../../../src/shared/types.ts';
import { messageOf } from '../../lib/api/request.ts';
import { settingsApi, settingsKeys } from '../../lib/api/settings.ts';
import { toast } from '../../ui/toast-store.ts';

/** Shown at once, then the server's answer; a refusal puts the old value back (docs/decisions/063-settings-texts.md). */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: SettingsChanges) => settingsApi.save(changes),
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
