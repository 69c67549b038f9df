import { type Static, Type } from '@sinclair/typebox';
import { nullable } from './common.ts';

/** Spec §3 Album. */
export const albumSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  artworkUrl: nullable(Type.String()),
  shareId: Type.String(),
  createdAt: Type.String(),
  deletedAt: nullable(Type.String()),
});
export type AlbumDto = Static<typeof albumSchema>;

export const albumListSchema = Type.Array(albumSchema);
