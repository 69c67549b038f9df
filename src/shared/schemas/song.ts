import { type Static, Type } from '@sinclair/typebox';
import { SONG_STATUSES } from '../enums.ts';
import { nullable, oneOf } from './common.ts';

/** Spec §3 Song. audioUrl and artworkUrl are same-origin paths; times are ISO 8601. */
export const songSchema = Type.Object({
  id: Type.Number(),
  title: Type.String(),
  artist: nullable(Type.String()),
  tags: Type.Array(Type.String()),
  albumId: nullable(Type.Number()),
  // The album's name when the song has a live album (saves a second call on share pages).
  albumName: nullable(Type.String()),
  albumOrder: nullable(Type.Number()),
  artworkUrl: nullable(Type.String()),
  audioUrl: Type.String(),
  duration: Type.Number(),
  fileSize: Type.Number(),
  status: oneOf(SONG_STATUSES),
  userId: nullable(Type.Number()),
  shareId: Type.String(),
  createdAt: Type.String(),
  deletedAt: nullable(Type.String()),
  originalFilename: nullable(Type.String()),
});
export type SongDto = Static<typeof songSchema>;

export const songListSchema = Type.Array(songSchema);

/** `POST /api/songs/bulk/:action`: how many songs changed. */
export const bulkResultSchema = Type.Object({ count: Type.Number() });
export type BulkResultDto = Static<typeof bulkResultSchema>;
