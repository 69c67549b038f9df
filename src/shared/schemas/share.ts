import { type Static, Type } from '@sinclair/typebox';
import { albumSchema } from './album.ts';
import { nullable, rowId } from './common.ts';
import { playlistSchema } from './playlist.ts';
import { songListSchema } from './song.ts';

/** A temporary share; presented to players as a song whose artist is sharedBy. */
export const tempShareSchema = Type.Object({
  id: Type.Number(),
  title: Type.String(),
  sharedBy: nullable(Type.String()),
  audioUrl: Type.String(),
  shareId: Type.String(),
  duration: Type.Number(),
  createdAt: Type.String(),
  expiresAt: nullable(Type.String()),
});
export type TempShareDto = Static<typeof tempShareSchema>;

export const tempShareListSchema = Type.Array(tempShareSchema);

/** `GET /api/share/album/:shareId`: the album and its live, published songs. */
export const albumShareSchema = Type.Object({ album: albumSchema, songs: songListSchema });
export type AlbumShareDto = Static<typeof albumShareSchema>;

/** `GET /api/share/playlist/:shareId`. */
export const playlistShareSchema = Type.Object({ playlist: playlistSchema, songs: songListSchema });
export type PlaylistShareDto = Static<typeof playlistShareSchema>;

/** `/…/:shareId` of a share page or its audio. */
export const shareIdParams = Type.Object({ shareId: Type.String({ maxLength: 200 }) });

/** `/api/share/{album|playlist}/:shareId/songs/:songId/lyrics`: one song of a shared collection. */
export const shareSongParams = Type.Object({ shareId: Type.String({ maxLength: 200 }), songId: rowId() });
