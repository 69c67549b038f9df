import { useQuery } from '@tanstack/react-query';
import type { AppPasswordName } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** `/api/app-passwords`: the signed-in user's passwords for phone apps. */
export const appPasswordPaths = {
  list: '/api/app-passwords',
  one: (id: number) => `/api/app-passwords/${id}`,
};

export const appPasswordKeys = { list: ['app-passwords'] as const };

export const useAppPasswords = () => useQuery({ queryKey: appPasswordKeys.list, queryFn: () => apiRequest(appPasswordPaths.list, { expect: 'appPasswords' }) });

export const appPasswordApi = {
  /** The answer carries the password, shown this once. */
  create: (name: string) => apiRequest(appPasswordPaths.list, { method: 'POST', body: { name } satisfies AppPasswordName, expect: 'newAppPassword' }),
  revoke: (id: number) => apiRequest(appPasswordPaths.one(id), { method: 'DELETE' }),
};
