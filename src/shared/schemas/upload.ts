import { type Static, Type } from '@sinclair/typebox';
import { songSchema } from './song.ts';

/** `POST /api/upload/image`: the stored image's same-origin path (audio uploads answer a song). */
export const imageUploadSchema = Type.Object({ objectPath: Type.String() });
export type ImageUploadDto = Static<typeof imageUploadSchema>;

/**
 * `POST /api/upload/audio` answers 409 with this when a song already has the same audio (by
 * content hash) and the form did not ask for a copy (`copy=true`); `inTrash` when it is in Deleted.
 */
export const duplicateAudioSchema = Type.Object({
  error: Type.String(),
  songId: Type.Integer(),
  title: Type.String(),
  inTrash: Type.Boolean(),
});
export type DuplicateAudioDto = Static<typeof duplicateAudioSchema>;

/**
 * `POST /api/upload/audio`'s answer: the new song, with `notes` when something in the file was
 * set aside without failing the upload (an absurd ReplayGain tag).
 */
export const uploadedSongSchema = Type.Composite([songSchema, Type.Object({ notes: Type.Optional(Type.Array(Type.String())) })]);
export type UploadedSongDto = Static<typeof uploadedSongSchema>;
