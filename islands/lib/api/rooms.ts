import type { CreateRoomRequest, JoinRoomRequest, PlaybackRequest, ReorderRoomRequest, RoomSettingsRequest } from '../../../src/shared/schemas/room.ts';
import { apiRequest } from './request.ts';

/** Family rooms: the room's state, joining as a guest, adding, the host's controls, its socket. */
const room = (code: string) => `/api/rooms/${encodeURIComponent(code)}`;

export const roomPaths = {
  rooms: '/api/rooms',
  room,
  qr: (code: string) => `${room(code)}/qr`,
  /** The socket's address on this page's host (ws: or wss: as the page). */
  socket: (code: string) => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${room(code)}/socket`,
};

export const roomsApi = {
  start: (body: CreateRoomRequest) => apiRequest(roomPaths.rooms, { method: 'POST', body, expect: 'createdRoom' }),
  view: (code: string) => apiRequest(room(code), { expect: 'roomView' }),
  join: (code: string, body: JoinRoomRequest) => apiRequest(`${room(code)}/guests`, { method: 'POST', body }),
  search: (code: string, q: string) => apiRequest(`${room(code)}/search?q=${encodeURIComponent(q)}`, { expect: 'searchResult' }),
  add: (code: string, songId: number) => apiRequest(`${room(code)}/queue`, { method: 'POST', body: { songId }, expect: 'roomEntry' }),
  voteToSkip: (code: string) => apiRequest(`${room(code)}/skip-votes`, { method: 'POST', expect: 'skipVotes' }),
  end: (code: string) => apiRequest(room(code), { method: 'DELETE' }),
  settle: (code: string, body: RoomSettingsRequest) => apiRequest(room(code), { method: 'PATCH', body, expect: 'roomState' }),
  reorder: (code: string, body: ReorderRoomRequest) => apiRequest(`${room(code)}/queue`, { method: 'PUT', body, expect: 'roomState' }),
  remove: (code: string, entryId: string) => apiRequest(`${room(code)}/queue/${encodeURIComponent(entryId)}`, { method: 'DELETE' }),
  skip: (code: string) => apiRequest(`${room(code)}/skip`, { method: 'POST', expect: 'roomState' }),
  playback: (code: string, body: PlaybackRequest) => apiRequest(`${room(code)}/playback`, { method: 'PUT', body, expect: 'roomState' }),
  removeGuest: (code: string, guestId: string) => apiRequest(`${room(code)}/guests/${encodeURIComponent(guestId)}`, { method: 'DELETE' }),
};
