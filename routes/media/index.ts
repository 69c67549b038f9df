import { Elysia } from 'elysia';
import { fileResponse } from '../../media/stream.ts';
import type { AppContext } from '../../src/app-context.ts';
import { NotFoundError } from '../../src/errors.ts';
import type { LiveSession } from '../../src/services/accounts/sessions.ts';
import { mediaStorage } from '../../src/services/media/context.ts';
import { type AudioTarget, parseAudioFile, songAudioTarget, tempShareAudioTarget } from '../../src/services/media/access.ts';
import { AUDIO_CONTENT_TYPES } from '../../src/shared/audio-formats.ts';
import { audioParams } from '../../src/shared/schemas/media.ts';

const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * Audio delivery. Access is checked on every request (guests only through a live share), so
 * unpublishing, trashing or expiry cuts old URLs off at once; "private" keeps shared caches out.
 */
export function mediaRoutes(ctx: AppContext) {
  const storage = mediaStorage(ctx.config);
  const serve = (request: Request, target: AudioTarget | null) => {
    if (!target) throw new NotFoundError('Audio not found');
    // An --in-place import's file lives in the family's own folder and may change or go.
    const path = target.audioPath ?? storage.audioPath(target.hash);
    const options = { etag: target.hash, contentType: AUDIO_CONTENT_TYPES[target.format], cacheControl: PRIVATE_IMMUTABLE, immutable: !target.audioPath };
    return fileResponse(request, path, options);
  };

  const songAudio = async (shareId: string, name: string, request: Request, session: () => Promise<LiveSession | null>) => {
    const file = parseAudioFile(shareId, name);
    const isAdmin = async () => (await session())?.user.isAdmin === true;
    return serve(request, file && (await songAudioTarget(ctx.db, file, isAdmin)));
  };
  const shareAudio = (shareId: string, name: string, request: Request) => {
    const file = parseAudioFile(shareId, name);
    return serve(request, file && tempShareAudioTarget(ctx.db, file, ctx.now()));
  };

  return new Elysia({ name: 'media-routes' })
    .use(ctx.auth)
    .get('/media/songs/:shareId/:file', (c) => songAudio(c.params.shareId, c.params.file, c.request, c.currentSession), {
      params: audioParams,
    })
    .head('/media/songs/:shareId/:file', (c) => songAudio(c.params.shareId, c.params.file, c.request, c.currentSession), {
      params: audioParams,
    })
    .get('/media/shares/:shareId/:file', (c) => shareAudio(c.params.shareId, c.params.file, c.request), { params: audioParams })
    .head('/media/shares/:shareId/:file', (c) => shareAudio(c.params.shareId, c.params.file, c.request), { params: audioParams });
}
