import { Elysia } from 'elysia';
import { createObjectFactsCache, presignedRedirect, proxiedObjectResponse } from '../../media/object-response.ts';
import { createStatCache, fileResponse } from '../../media/stream.ts';
import { FRAGMENTED_FORMATS, type FragmentedFormat, fragmentedMp4Store } from '../../media/fragmented-mp4.ts';
import { TranscodeBusyError, TranscodeWaitTimeoutError } from '../../media/transcode.ts';
import { join } from 'node:path';
import type { AppContext } from '../../src/app-context.ts';
import { HttpError, NotFoundError } from '../../src/errors.ts';
import type { LiveSession } from '../../src/services/accounts/sessions.ts';
import { type AudioTarget, parseAudioFile, songAudioTarget, tempShareAudioTarget } from '../../src/services/media/access.ts';
import { AUDIO_CONTENT_TYPES } from '../../src/shared/audio-formats.ts';
import { audioParams } from '../../src/shared/schemas/media.ts';

// Access to a song's audio changes (unpublished, trashed, deleted, a share expired): a browser
// asks again before each play (ETag → 304), so a cut-off takes effect at the next one.
const PRIVATE_REVALIDATE = 'private, no-cache';

/**
 * Audio delivery. Access is checked on every request (guests only through a live share), so
 * unpublishing, trashing or expiry cuts old URLs off at once; "private" keeps shared caches out,
 * "no-cache" keeps a browser's copy from playing without asking (docs/decisions/121-audio-revalidated-artwork-immutable.md).
 */
export function mediaRoutes(ctx: AppContext) {
  const { storage } = ctx;
  const stats = createStatCache();
  const facts = createObjectFactsCache(storage.audio);
  const redirect = ctx.config.s3?.publicUrls === true;
  const serve = (request: Request, target: AudioTarget | null) => {
    if (!target) throw new NotFoundError('Audio not found');
    const base = { etag: target.hash, contentType: AUDIO_CONTENT_TYPES[target.format], cacheControl: PRIVATE_REVALIDATE };
    // An --in-place import's file lives in the family's own folder and may change or go.
    if (target.audioPath) return fileResponse(request, target.audioPath, base);
    if (storage.audio.kind === 's3') {
      return redirect ? presignedRedirect(storage.audio, target.hash) : proxiedObjectResponse(request, storage.audio, target.hash, { ...base, facts });
    }
    return fileResponse(request, storage.audio.location(target.hash), { ...base, stats });
  };

  const songAudio = async (shareId: string, name: string, request: Request, session: () => Promise<LiveSession | null>) => {
    const file = parseAudioFile(shareId, name);
    const requester = async () => (await session())?.user ?? null;
    return serve(request, file && (await songAudioTarget(ctx.db, file, requester)));
  };
  // The gapless player's feed for AAC and FLAC (docs/decisions/167-gapless-albums-through-media-source.md).
  const fragments = fragmentedMp4Store(ctx.ffmpeg ?? null, join(ctx.config.dataDir, 'cache', 'fragments'), ctx.config.transcodeCacheBytes);
  const songFragments = async (shareId: string, name: string, request: Request, session: () => Promise<LiveSession | null>) => {
    const file = parseAudioFile(shareId, name);
    const requester = async () => (await session())?.user ?? null;
    const target = file && (await songAudioTarget(ctx.db, file, requester));
    if (!target || !FRAGMENTED_FORMATS.includes(target.format as FragmentedFormat)) throw new NotFoundError('Audio not found');
    let path: string | null;
    try {
      path = await fragments(target.audioPath ?? storage.audio.location(target.hash), target.hash, target.format as FragmentedFormat);
    } catch (error) {
      // Too many copies being made: the player falls back to plain playback for this song.
      if (error instanceof TranscodeBusyError || error instanceof TranscodeWaitTimeoutError) throw new HttpError(503, 'The server is busy: try again shortly', { 'retry-after': '5' });
      throw error;
    }
    if (!path) throw new NotFoundError('Audio not found');
    return fileResponse(request, path, { etag: `${target.hash}-fragments`, contentType: 'audio/mp4', cacheControl: PRIVATE_REVALIDATE });
  };
  const shareAudio = (shareId: string, name: string, request: Request) => {
    const file = parseAudioFile(shareId, name);
    return serve(request, file && tempShareAudioTarget(ctx.db, file, ctx.now()));
  };

  return new Elysia({ name: 'media-routes', prefix: '/media' })
    .use(ctx.auth)
    .get('/songs/:shareId/:file', (c) => songAudio(c.params.shareId, c.params.file, c.request, c.currentSession), {
      params: audioParams,
    })
    .head('/songs/:shareId/:file', (c) => songAudio(c.params.shareId, c.params.file, c.request, c.currentSession), {
      params: audioParams,
    })
    .get('/songs/:shareId/:file/fragments', (c) => songFragments(c.params.shareId, c.params.file, c.request, c.currentSession), {
      params: audioParams,
    })
    .get('/shares/:shareId/:file', (c) => shareAudio(c.params.shareId, c.params.file, c.request), { params: audioParams })
    .head('/shares/:shareId/:file', (c) => shareAudio(c.params.shareId, c.params.file, c.request), { params: audioParams })
    .all('/*', () => {
      throw new NotFoundError('Audio not found');
    });
}
