import { type Static, Type } from '@sinclair/typebox';
import { nullable } from './common.ts';

/** An album as the API answers it. */
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

/** `POST /api/albums` and `PATCH /api/albums/:id`. */
export const albumNameBody = Type.Object({ name: Type.String({ maxLength: 10_000 }) }, { error: 'name is required and must be text' });
export type AlbumName = Static<typeof albumNameBody>;
