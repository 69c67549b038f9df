import { useQuery } from '@tanstack/react-query';
import type { AccountChanges, NewAccount } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** `/api/users`: the family accounts (admins). */
export const accountPaths = {
  list: '/api/users',
  one: (id: number) => `/api/users/${id}`,
};

export const accountKeys = { list: ['admin', 'users'] as const };

export const useAccounts = () => useQuery({ queryKey: accountKeys.list, queryFn: () => apiRequest(accountPaths.list, { expect: 'accounts' }) });

export const accountApi = {
  create: (account: NewAccount) => apiRequest(accountPaths.list, { method: 'POST', body: account, expect: 'account' }),
  update: (id: number, changes: AccountChanges) => apiRequest(accountPaths.one(id), { method: 'PATCH', body: changes, expect: 'account' }),
  /** Removes the account and its playlists. */
  remove: (id: number) => apiRequest(accountPaths.one(id), { method: 'DELETE' }),
};
