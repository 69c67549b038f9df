import { type Static, Type } from '@sinclair/typebox';
import { nullable } from './common.ts';

/** Spec §3 Playlist; artworkUrl falls back to the first song's artwork. */
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
