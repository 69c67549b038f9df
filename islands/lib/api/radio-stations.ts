import { useQuery } from '@tanstack/react-query';
import type { RadioStationInput } from '../../../src/shared/types.ts';
import { apiRequest } from './request.ts';

/** `/api/radio-stations`: the internet radio stations phone apps list (admins keep them in Settings). */
export const radioStationPaths = {
  list: '/api/radio-stations',
  one: (id: number) => `/api/radio-stations/${id}`,
};

export const radioStationKeys = { list: ['admin', 'radio-stations'] as const };

export const useRadioStations = () => useQuery({ queryKey: radioStationKeys.list, queryFn: () => apiRequest(radioStationPaths.list, { expect: 'radioStations' }) });

export const radioStationApi = {
  create: (station: RadioStationInput) => apiRequest(radioStationPaths.list, { method: 'POST', body: station, expect: 'radioStation' }),
  update: (id: number, station: RadioStationInput) => apiRequest(radioStationPaths.one(id), { method: 'PATCH', body: station, expect: 'radioStation' }),
  remove: (id: number) => apiRequest(radioStationPaths.one(id), { method: 'DELETE' }),
};
