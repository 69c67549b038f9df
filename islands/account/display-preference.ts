import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { DisplayPreference, UserDto } from '../../src/shared/types.ts';
import { userApi, userKeys } from '../lib/api/user.ts';
import { toast } from '../ui/toast-store.ts';

/** Preferences with the labels people choose them by, in the order they are offered. */
export const DISPLAY_OPTIONS: readonly { value: DisplayPreference; label: string }[] = [
  { value: 'nothing', label: 'Title Only' },
  { value: 'artist', label: 'Show Artist' },
  { value: 'album', label: 'Show Album' },
  { value: 'artist-album', label: 'Artist & Album' },
];

export const isDisplayPreference = (value: string): value is DisplayPreference => DISPLAY_OPTIONS.some((option) => option.value === value);

/**
 * Saves the preference with PATCH /api/user/display-preference. The cached user changes at once
 * (subtitles follow without waiting), the answer then replaces it; a refusal puts the
 * old choice back and says why. Only the latest choice's answer counts, so two quick choices
 * never flip back to the first.
 */
export function useSetDisplayPreference() {
  const queryClient = useQueryClient();
  const latest = useRef(0);
  const mutation = useMutation({
    mutationFn: (displayPreference: DisplayPreference) => userApi.setDisplayPreference(displayPreference),
    onMutate: (displayPreference) => {
      const before = queryClient.getQueryData<UserDto>(userKeys.me);
      if (before) queryClient.setQueryData<UserDto>(userKeys.me, { ...before, displayPreference });
      latest.current += 1;
      return { before, seq: latest.current };
    },
    onSuccess: (user, _choice, context) => {
      if (context.seq === latest.current) queryClient.setQueryData(userKeys.me, user);
    },
    onError: (error, _choice, context) => {
      if (context?.before && context.seq === latest.current) queryClient.setQueryData(userKeys.me, context.before);
      toast({ title: 'Failed to save display preference', description: error.message || 'Please try again.', variant: 'destructive' });
    },
  });
  return mutation.mutate;
}
