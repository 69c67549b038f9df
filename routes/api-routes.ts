/**
 * Every `/api` route of the app and who may call it, by resource. routes/users/admin-only.test.ts
 * checks this table against the app's routes both ways and walks it: admin routes answer a plain
 * user 403 and a guest 401, member routes a guest 401. A new route fails that test until listed.
 */
export type ApiAccess = 'admin' | 'member' | 'public' | 'room';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ALL' | 'WS';
  path: string;
  access: ApiAccess;
}

type Row = readonly [method: ApiRoute['method'], path: string, access: ApiAccess];

const ROWS: readonly Row[] = [
  // routes/session: signing in and out, and who is signed in
  ['POST', '/api/login', 'public'],
  ['POST', '/api/register', 'public'],
  ['POST', '/api/logout', 'public'],
  ['GET', '/api/user', 'member'],
  ['PATCH', '/api/user/display-preference', 'member'],
  ['PATCH', '/api/user/password', 'member'],
  ['GET', '/api/user/pin', 'member'],
  ['PUT', '/api/user/pin', 'member'],
  // routes/profiles: the profile picker of a shared device (the held-sessions cookie decides)
  ['GET', '/api/profiles', 'public'],
  ['POST', '/api/profiles/switch', 'public'],
  // routes/settings
  ['GET', '/api/settings', 'admin'],
  ['PATCH', '/api/settings', 'admin'],
  // routes/radio-stations: the internet radio stations phone apps list
  ['GET', '/api/radio-stations', 'admin'],
  ['POST', '/api/radio-stations', 'admin'],
  ['PATCH', '/api/radio-stations/:id', 'admin'],
  ['DELETE', '/api/radio-stations/:id', 'admin'],
  // routes/users: family accounts
  ['GET', '/api/users', 'admin'],
  ['POST', '/api/users', 'admin'],
  ['PATCH', '/api/users/:id', 'admin'],
  ['DELETE', '/api/users/:id', 'admin'],
  // routes/songs
  ['GET', '/api/songs', 'member'],
  ['GET', '/api/songs/all', 'admin'],
  ['GET', '/api/songs/all/ids', 'admin'],
  ['GET', '/api/songs/all/rows', 'admin'],
  ['GET', '/api/songs/page', 'member'],
  ['GET', '/api/songs/visible', 'member'],
  ['GET', '/api/songs/:id/lyrics', 'member'],
  ['PUT', '/api/songs/:id/lyrics', 'admin'],
  ['PATCH', '/api/songs/:id', 'admin'],
  ['PATCH', '/api/songs/:id/status', 'admin'],
  ['DELETE', '/api/songs/:id', 'admin'],
  ['POST', '/api/songs/bulk/:action', 'admin'],
  ['PATCH', '/api/songs/:id/audio', 'admin'],
  ['POST', '/api/songs/:id/restore', 'admin'],
  ['DELETE', '/api/songs/:id/permanent', 'admin'],
  // routes/albums
  ['GET', '/api/albums', 'member'],
  ['GET', '/api/albums/:id', 'member'],
  ['GET', '/api/albums/:id/songs', 'member'],
  ['POST', '/api/albums', 'admin'],
  ['PATCH', '/api/albums/:id', 'admin'],
  ['DELETE', '/api/albums/:id', 'admin'],
  ['POST', '/api/albums/:id/restore', 'admin'],
  ['DELETE', '/api/albums/:id/permanent', 'admin'],
  // routes/playlists: owners (and admins) change them, every member reads them
  ['GET', '/api/playlists', 'member'],
  ['POST', '/api/playlists', 'member'],
  ['GET', '/api/playlists/containing/:songId', 'member'],
  ['GET', '/api/playlists/:id', 'member'],
  ['PATCH', '/api/playlists/:id', 'member'],
  ['DELETE', '/api/playlists/:id', 'member'],
  ['GET', '/api/playlists/:id/songs', 'member'],
  ['POST', '/api/playlists/:id/songs', 'member'],
  ['PUT', '/api/playlists/:id/songs', 'member'],
  ['DELETE', '/api/playlists/:id/songs/:songId', 'member'],
  // routes/search
  ['GET', '/api/search', 'member'],
  // routes/deleted: what is in Deleted
  ['GET', '/api/deleted/songs', 'admin'],
  ['GET', '/api/deleted/albums', 'admin'],
  // routes/shares: what a share link shows
  ['GET', '/api/share/song/:shareId', 'public'],
  ['GET', '/api/share/album/:shareId', 'public'],
  ['GET', '/api/share/playlist/:shareId', 'public'],
  ['GET', '/api/share/song/:shareId/lyrics', 'public'],
  ['GET', '/api/share/album/:shareId/songs/:songId/lyrics', 'public'],
  ['GET', '/api/share/playlist/:shareId/songs/:songId/lyrics', 'public'],
  // routes/uploads
  ['POST', '/api/upload/audio', 'admin'],
  ['POST', '/api/upload/image', 'admin'],
  // routes/temp-shares: anyone shares one file; admins list and delete them
  ['POST', '/api/temp-share', 'public'],
  ['GET', '/api/temp-share/:shareId', 'public'],
  ['GET', '/api/temp-shares', 'admin'],
  ['DELETE', '/api/temp-shares/:id', 'admin'],
  // routes/audio-proxy
  ['GET', '/api/audio/proxy', 'member'],
  // routes/app-passwords: the signed-in user's own, for phone apps
  ['GET', '/api/app-passwords', 'member'],
  ['POST', '/api/app-passwords', 'member'],
  ['DELETE', '/api/app-passwords/:id', 'member'],
  // routes/listening: the signed-in user's favourites and plays
  ['GET', '/api/favourites', 'member'],
  ['PUT', '/api/favourites/:songId', 'member'],
  ['DELETE', '/api/favourites/:songId', 'member'],
  ['GET', '/api/recently-played', 'member'],
  ['POST', '/api/plays', 'member'],
  // routes/play-queue: the signed-in user's queue, shared with the Subsonic apps
  ['GET', '/api/play-queue', 'member'],
  ['PUT', '/api/play-queue', 'member'],
  // routes/bookmarks: Continue listening, the same rows as the Subsonic bookmarks
  ['GET', '/api/bookmarks', 'member'],
  ['PUT', '/api/bookmarks/:songId', 'member'],
  // routes/rooms: family rooms; 'room' is a signed-in member or a guest holding this room's pass
  ['POST', '/api/rooms', 'member'],
  ['GET', '/api/rooms/:code', 'room'],
  ['GET', '/api/rooms/:code/qr', 'room'],
  ['DELETE', '/api/rooms/:code', 'member'],
  ['PATCH', '/api/rooms/:code', 'member'],
  ['POST', '/api/rooms/:code/guests', 'public'],
  ['DELETE', '/api/rooms/:code/guests/:guestId', 'member'],
  ['GET', '/api/rooms/:code/search', 'room'],
  ['POST', '/api/rooms/:code/queue', 'room'],
  ['PUT', '/api/rooms/:code/queue', 'member'],
  ['DELETE', '/api/rooms/:code/queue/:entryId', 'member'],
  ['POST', '/api/rooms/:code/skip', 'member'],
  ['PUT', '/api/rooms/:code/playback', 'member'],
  ['POST', '/api/rooms/:code/skip-votes', 'room'],
  ['WS', '/api/rooms/:code/socket', 'room'],
  // src/compose/app.ts: any other /api path is a JSON 404
  ['ALL', '/api/*', 'public'],
];

export const API_ROUTES: readonly ApiRoute[] = ROWS.map(([method, path, access]) => ({ method, path, access }));
