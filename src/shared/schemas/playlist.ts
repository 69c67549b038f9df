import { type Static, Type } from '@sinclair/typebox';
import { nullable, rowId } from './common.ts';
import { BULK_MAX } from './song.ts';

/** A playlist as the API answers it; artworkUrl falls back to the first song's artwork. */
export const playlistSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  artworkUrl: nullable(Type.String()),
  shareId: Type.String(),
  userId: Type.Number(),
  createdAt: Type.String(),
});
export type PlaylistDto = Static<typeof playlistSchema>;

export const playlistListSchema = Type.Array(playlistSchema);

/** `GET /api/playlists/containing/:songId`: the ids of your playlists that hold the song. */
export const playlistIdsSchema = Type.Object({ playlistIds: Type.Array(Type.Number()) });
export type PlaylistIds = Static<typeof playlistIdsSchema>;

/** `/api/playlists/containing/:songId`. */
export const containingParams = Type.Object({ songId: Type.String() });

/** `POST /api/playlists` and `PATCH /api/playlists/:id`. */
export const playlistNameBody = Type.Object({ name: Type.String({ maxLength: 10_000 }) }, { error: 'name is required and must be text' });
export type PlaylistName = Static<typeof playlistNameBody>;

/** `POST /api/playlists/:id/songs`. */
export const addSongBody = Type.Object({ songId: rowId() }, { error: 'songId must be a song id' });
export type PlaylistSongAdd = Static<typeof addSongBody>;

/** `PUT /api/playlists/:id/songs`: every song id of the playlist, in the new order. */
export const reorderBody = Type.Object(
  { songIds: Type.Array(rowId(), { maxItems: BULK_MAX * 10 }) },
  { error: 'songIds must be a list of song ids in the new order' },
);
export type PlaylistOrder = Static<typeof reorderBody>;

/** `/api/playlists/:id/songs/:songId`. */
export const entryParams = Type.Object({ id: Type.String(), songId: Type.String() });
