import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './request.ts';

/** `/api/temp-shares`: every temporary share, for the admins' Settings (the public upload is shares.ts). */
export const tempSharePaths = {
  list: '/api/temp-shares',
  one: (id: number) => `/api/temp-shares/${id}`,
};

export const tempShareKeys = { list: ['admin', 'temp-shares'] as const };

export const useTempShares = () => useQuery({ queryKey: tempShareKeys.list, queryFn: () => apiRequest(tempSharePaths.list, { expect: 'adminTempShares' }) });

export const tempShareApi = {
  remove: (id: number) => apiRequest(tempSharePaths.one(id), { method: 'DELETE' }),
};
