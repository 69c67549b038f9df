import { Value } from '@sinclair/typebox/value';
import { accountListSchema, accountSchema } from '../../../src/shared/schemas/accounts.ts';
import { albumListSchema, albumSchema } from '../../../src/shared/schemas/album.ts';
import { appPasswordListSchema, newAppPasswordSchema } from '../../../src/shared/schemas/app-password.ts';
import { bookmarkListSchema } from '../../../src/shared/schemas/bookmark.ts';
import { lyricsSchema } from '../../../src/shared/schemas/lyrics.ts';
import { recentPlayListSchema } from '../../../src/shared/schemas/listening.ts';
import { playQueueSchema } from '../../../src/shared/schemas/play-queue.ts';
import { pinStateSchema, profileListSchema } from '../../../src/shared/schemas/profiles.ts';
import { playlistIdsSchema, playlistListSchema, playlistSchema } from '../../../src/shared/schemas/playlist.ts';
import { radioStationListSchema, radioStationSchema } from '../../../src/shared/schemas/radio-station.ts';
import { createdRoomSchema, roomEntrySchema, roomStateSchema, roomViewSchema, skipVotesSchema } from '../../../src/shared/schemas/room.ts';
import { searchResultSchema } from '../../../src/shared/schemas/search.ts';
import { settingsSchema } from '../../../src/shared/schemas/settings.ts';
import { tempShareSchema } from '../../../src/shared/schemas/share.ts';
import { adminSongIdsSchema, bulkResultSchema, songListSchema, songPageSchema, songSchema } from '../../../src/shared/schemas/song.ts';
import { adminTempShareListSchema } from '../../../src/shared/schemas/temp-share-admin.ts';
import { deletedAlbumListSchema, deletedSongListSchema } from '../../../src/shared/schemas/trash.ts';
import { imageUploadSchema } from '../../../src/shared/schemas/upload.ts';
import { userSchema } from '../../../src/shared/schemas/user.ts';

/**
 * The response schemas the client checks answers against, by name. Loaded lazily by
 * `apiRequest` (in parallel with the request), so TypeBox stays out of every page's first load.
 */
export const RESPONSE_SCHEMAS = {
  account: accountSchema,
  accounts: accountListSchema,
  album: albumSchema,
  albums: albumListSchema,
  appPasswords: appPasswordListSchema,
  bookmarks: bookmarkListSchema,
  newAppPassword: newAppPasswordSchema,
  recentPlays: recentPlayListSchema,
  playQueue: playQueueSchema,
  playlist: playlistSchema,
  playlists: playlistListSchema,
  playlistIds: playlistIdsSchema,
  profiles: profileListSchema,
  pinState: pinStateSchema,
  radioStation: radioStationSchema,
  radioStations: radioStationListSchema,
  createdRoom: createdRoomSchema,
  roomEntry: roomEntrySchema,
  roomState: roomStateSchema,
  roomView: roomViewSchema,
  skipVotes: skipVotesSchema,
  searchResult: searchResultSchema,
  settings: settingsSchema,
  tempShare: tempShareSchema,
  adminTempShares: adminTempShareListSchema,
  song: songSchema,
  songs: songListSchema,
  songPage: songPageSchema,
  adminSongIds: adminSongIdsSchema,
  bulkResult: bulkResultSchema,
  lyrics: lyricsSchema,
  deletedSongs: deletedSongListSchema,
  deletedAlbums: deletedAlbumListSchema,
  imageUpload: imageUploadSchema,
  user: userSchema,
} as const;

export type ResponseName = keyof typeof RESPONSE_SCHEMAS;

/** The server answered something its schema does not allow: a bug on one side, never the user's. */
export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError';
}

/** Throws a ResponseShapeError naming the request, the schema and the first wrong field. */
export function checkResponse(name: ResponseName, request: string, value: unknown): void {
  const schema = RESPONSE_SCHEMAS[name];
  if (Value.Check(schema, value)) return;
  const first = Value.Errors(schema, value).First();
  const where = first ? `${first.path || '/'}: ${first.message}` : 'unexpected value';
  throw new ResponseShapeError(`${request} answered a body that is not a valid ${name} (${where})`);
}
