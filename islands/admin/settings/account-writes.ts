import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDto, NewAccount } from '../../../src/shared/schemas/accounts.ts';
import { apiRequest } from '../../lib/api.ts';
import { toast } from '../../ui/toast-store.ts';
import { messageOf, settingsKeys } from './settings-queries.ts';


/** After a change to one's own account (demoted, removed), the admin area is no longer theirs. */
const leaveIfSelf = (id: number, selfId: number) => id === selfId && window.location.assign('/');

/** Family account writes, each with its toast (texts in docs/decisions/063-settings-texts.md); the list refreshes after. */
export function useAccountWrites(selfId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: settingsKeys.accounts });
  const failed = (title: string) => (error: unknown) => toast({ title, description: messageOf(error, 'Please try again'), variant: 'destructive' });

  const create = useMutation({
    mutationFn: (account: NewAccount) => apiRequest<AccountDto>('/api/users', { method: 'POST', body: account }),
    onSuccess: (account) => {
      toast({ title: 'Account created', description: `"${account.username}" can now log in` });
      return refresh();
    },
    onError: failed('Failed to create account'),
  });
  const resetPassword = useMutation({
    mutationFn: ({ account, password }: { account: AccountDto; password: string }) =>
      apiRequest<AccountDto>(`/api/users/${account.id}`, { method: 'PATCH', body: { password } }),
    onSuccess: (account) => toast({ title: 'Password reset', description: `"${account.username}" was signed out everywhere and their app passwords were revoked` }),
    onError: failed('Failed to reset password'),
  });
  const setAdmin = useMutation({
    mutationFn: ({ account, isAdmin }: { account: AccountDto; isAdmin: boolean }) =>
      apiRequest<AccountDto>(`/api/users/${account.id}`, { method: 'PATCH', body: { isAdmin } }),
    onSuccess: (account) => {
      toast({ title: 'Account updated', description: account.isAdmin ? `"${account.username}" is now an admin` : `"${account.username}" is no longer an admin` });
      if (!account.isAdmin) leaveIfSelf(account.id, selfId);
      return refresh();
    },
    onError: (error) => {
      failed('Failed to update account')(error);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (account: AccountDto) => apiRequest<void>(`/api/users/${account.id}`, { method: 'DELETE' }),
    onSuccess: (_nothing, account) => {
      toast({ title: 'Account removed', description: `"${account.username}" and their playlists were removed` });
      leaveIfSelf(account.id, selfId);
      return refresh();
    },
    onError: (error) => {
      failed('Failed to remove account')(error);
      return refresh();
    },
  });
  return { create, resetPassword, setAdmin, remove };
}
