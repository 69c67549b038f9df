import { Elysia } from 'elysia';
import { MAX_IMAGE_BYTES } from '../../media/upload.ts';
import { MAX_AUDIO_UPLOAD_BYTES } from '../../src/shared/upload-limits.ts';
import { ingestImage } from '../../media/images.ts';
import type { AppContext } from '../../src/app-context.ts';
import { DuplicateAudioError, uploadSong } from '../../src/services/media/audio.ts';
import { duplicateAudioSchema, imageUploadSchema, uploadedSongSchema } from '../../src/shared/schemas/upload.ts';
import { AUDIO_TOO_LARGE, IMAGE_TOO_LARGE, receiveUpload, requireFile } from '../upload-form.ts';

/** `/api/upload`: admins' new songs and images, streamed to disk (a song's replaced audio is under /api/songs). */
export function uploadRoutes(ctx: AppContext) {
  const { storage } = ctx;
  return new Elysia({ name: 'upload-routes', prefix: '/api/upload' })
    .use(ctx.auth)
    .post(
      '/audio',
      async ({ request, user, set }) => {
        const form = await receiveUpload(storage, request, MAX_AUDIO_UPLOAD_BYTES, AUDIO_TOO_LARGE);
        const status = form.fields.status === 'published' ? 'published' : 'pending';
        const addCopy = form.fields.copy === 'true';
        try {
          return await uploadSong(ctx.db, storage, requireFile(form.file), { status, userId: user.id, addCopy });
        } catch (error) {
          if (!(error instanceof DuplicateAudioError)) throw error;
          // The same bytes are already a song: say which, so the queue can link it and offer a copy.
          set.status = 409;
          const { id, title, deletedAt } = error.song;
          return { error: error.message, songId: id, title, inTrash: deletedAt !== null };
        }
      },
      { admin: true, parse: 'none', response: { 200: uploadedSongSchema, 409: duplicateAudioSchema } },
    )
    .post(
      '/image',
      async ({ request }) => {
        const file = requireFile((await receiveUpload(storage, request, MAX_IMAGE_BYTES, IMAGE_TOO_LARGE)).file);
        return { objectPath: await ingestImage(storage, file.tempPath, file.hash) };
      },
      { admin: true, parse: 'none', response: imageUploadSchema },
    );
}
