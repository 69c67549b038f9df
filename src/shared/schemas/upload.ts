import { type Static, Type } from '@sinclair/typebox';

/** `POST /api/upload/image`: the stored image's same-origin path (audio uploads answer a song). */
export const imageUploadSchema = Type.Object({ objectPath: Type.String() });
export type ImageUploadDto = Static<typeof imageUploadSchema>;
