import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDto, NewAccount, Restrictions } from '../../../src/shared/types.ts';
import { accountApi, accountKeys } from '../../lib/api/accounts.ts';
import { toast } from '../../ui/toast-store.ts';
import { messageOf } from '../../lib/api/request.ts';

/** After a change to one's own account (demoted, removed), the admin area is no longer theirs. */
const leaveIfSelf = (id: number, selfId: number) => id === selfId && window.location.assign('/');

/** Family account writes, each with its toast (texts in docs/decisions/063-settings-texts.md); the list refreshes after. */
export function useAccountWrites(selfId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: accountKeys.list });
  const failed = (title: string) => (error: unknown) => toast({ title, description: messageOf(error, 'Please try again'), variant: 'destructive' });

  const create = useMutation({
    mutationFn: (account: NewAccount) => accountApi.create(account),
    onSuccess: (account) => {
      toast({ title: 'Account created', description: `"${account.username}" can now log in` });
      return refresh();
    },
    onError: failed('Failed to create account'),
  });
  const resetPassword = useMutation({
    mutationFn: ({ account, password }: { account: AccountDto; password: string }) => accountApi.update(account.id, { password }),
    onSuccess: (account) => toast({ title: 'Password reset', description: `"${account.username}" was signed out everywhere and their app passwords were revoked` }),
    onError: failed('Failed to reset password'),
  });
  const setAdmin = useMutation({
    mutationFn: ({ account, isAdmin }: { account: AccountDto; isAdmin: boolean }) => accountApi.update(account.id, { isAdmin }),
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
  const restrict = useMutation({
    mutationFn: ({ account, restrictions }: { account: AccountDto; restrictions: Restrictions }) => accountApi.update(account.id, { restrictions }),
    onSuccess: (account) => {
      toast({ title: 'Restrictions saved', description: `"${account.username}" now sees only what they allow` });
      return refresh();
    },
    onError: failed('Failed to save restrictions'),
  });
  const remove = useMutation({
    mutationFn: (account: AccountDto) => accountApi.remove(account.id),
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
  return { create, resetPassword, setAdmin, restrict, remove };
}
