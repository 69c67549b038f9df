import { Elysia } from 'elysia';
import { MAX_AUDIO_BYTES, MAX_IMAGE_BYTES, type ReceivedFile, receiveMultipart } from '../../media/upload.ts';
import { ingestImage } from '../../media/images.ts';
import type { AppContext } from '../../src/app-context.ts';
import { BadRequestError, NotFoundError } from '../../src/errors.ts';
import { replaceAudio, uploadSong } from '../../src/services/media/audio.ts';
import { mediaStorage } from '../../src/services/media/context.ts';
import { songSchema } from '../../src/shared/schemas/song.ts';
import { imageUploadSchema, songIdParams } from '../../src/shared/schemas/upload.ts';

const AUDIO_TOO_LARGE = 'The file exceeds the 100MB size limit';

function requireFile(file: ReceivedFile | null): ReceivedFile {
  if (!file) throw new BadRequestError('Choose a file to upload');
  return file;
}

/** Admin uploads, streamed to disk (design §4, §6): song audio, replaced audio, images. */
export function uploadRoutes(ctx: AppContext) {
  const storage = mediaStorage(ctx.config);
  const receive = (request: Request, maxBytes: number, tooLargeMessage: string) =>
    receiveMultipart(request, { tempPath: storage.tempPath(), maxBytes, tooLargeMessage });

  return new Elysia({ name: 'upload-routes' })
    .use(ctx.auth)
    .post(
      '/api/upload/audio',
      async ({ request, user }) => {
        const form = await receive(request, MAX_AUDIO_BYTES, AUDIO_TOO_LARGE);
        const status = form.fields.status === 'published' ? 'published' : 'pending';
        return uploadSong(ctx.db, storage, requireFile(form.file), { status, userId: user.id });
      },
      { admin: true, parse: 'none', response: songSchema },
    )
    .patch(
      '/api/songs/:id/audio',
      async ({ request, params }) => {
        if (!/^[1-9]\d{0,15}$/.test(params.id)) throw new NotFoundError('Song not found');
        const form = await receive(request, MAX_AUDIO_BYTES, AUDIO_TOO_LARGE);
        return replaceAudio(ctx.db, storage, Number(params.id), requireFile(form.file), new Date(ctx.now()));
      },
      { admin: true, parse: 'none', params: songIdParams, response: songSchema },
    )
    .post(
      '/api/upload/image',
      async ({ request }) => {
        const form = await receive(request, MAX_IMAGE_BYTES, 'Images may be at most 10MB');
        const file = requireFile(form.file);
        return { objectPath: await ingestImage(storage, file.tempPath, file.hash) };
      },
      { admin: true, parse: 'none', response: imageUploadSchema },
    );
}
