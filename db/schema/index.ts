export * from './albums.ts';
export * from './playlists.ts';
export * from './rate-limits.ts';
export * from './sessions.ts';
export * from './settings.ts';
export * from './songs.ts';
export * from './temp-shares.ts';
export * from './users.ts';
