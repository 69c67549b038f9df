import { type Static, Type } from '@sinclair/typebox';
import { albumSchema } from './album.ts';
import { songSchema } from './song.ts';

// Days until the purge removes it for good.
const daysRemaining = Type.Object({ daysRemaining: Type.Number() });

export const deletedSongSchema = Type.Composite([songSchema, daysRemaining]);
export type DeletedSongDto = Static<typeof deletedSongSchema>;
export const deletedSongListSchema = Type.Array(deletedSongSchema);

export const deletedAlbumSchema = Type.Composite([albumSchema, daysRemaining]);
export type DeletedAlbumDto = Static<typeof deletedAlbumSchema>;
export const deletedAlbumListSchema = Type.Array(deletedAlbumSchema);
