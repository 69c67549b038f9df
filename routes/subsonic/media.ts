import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { IMAGE_CONTENT_TYPES } from '../../media/sniff.ts';
import { fileResponse } from '../../media/stream.ts';
import { TranscodeCache, transcodeKey } from '../../media/transcode-cache.ts';
import { type Ffmpeg, TRANSCODE_CONTENT_TYPES, TranscodeBusyError, TranscodeSlots, bufferForLength, estimatedBytes, transcodeStream } from '../../media/transcode.ts';
import type { AppContext } from '../../src/app-context.ts';
import { mediaStorage } from '../../src/services/media/context.ts';
import { SUBSONIC_ERROR, SubsonicError } from '../../src/services/subsonic/errors.ts';
import { currentLibrary } from '../../src/services/subsonic/library.ts';
import { type AudioSource, audioSource, chooseDelivery, coverImage } from '../../src/services/subsonic/media.ts';
import type { Params } from '../../src/services/subsonic/params.ts';
import { AUDIO_CONTENT_TYPES } from '../../src/shared/audio-formats.ts';
import { REST_HEADERS } from './respond.ts';

// The song id in the URL stays when the audio is replaced: revalidate by ETag, never assume.
const REVALIDATE = 'private, no-cache';
/** An ETag that changes with the content hash but does not tell it (nothing internal leaks). */
const opaqueTag = (value: string) => createHash('sha256').update(`hearth-subsonic:${value}`).digest('base64url').slice(0, 27);

/** stream, download and getCoverArt: bytes, with ranges and HEAD as /media and /objects answer them. */
export function subsonicMedia(ctx: AppContext, ffmpeg: Ffmpeg | null) {
  const storage = mediaStorage(ctx.config);
  const cacheRoot = join(ctx.config.dataDir, 'cache');
  const transcodes = new TranscodeCache(join(cacheRoot, 'transcodes'), ctx.config.transcodeCacheBytes);
  const slots = new TranscodeSlots();

  const withRestHeaders = (response: Response) => {
    for (const [name, value] of Object.entries(REST_HEADERS)) if (name !== 'cache-control') response.headers.set(name, value);
    return response;
  };

  const original = async (request: Request, source: AudioSource) =>
    withRestHeaders(
      await fileResponse(request, source.path, {
        etag: opaqueTag(source.hash),
        contentType: AUDIO_CONTENT_TYPES[source.format],
        cacheControl: REVALIDATE,
        immutable: source.immutable,
      }),
    );

  const transcoded = async (request: Request, source: AudioSource, format: 'mp3' | 'opus', kbps: number, params: Params) => {
    const key = transcodeKey(source.hash, format, kbps);
    const contentType = TRANSCODE_CONTENT_TYPES[format];
    const cached = transcodes.lookup(key);
    // A finished encoding is a file like any other: ranges, HEAD, ETag.
    if (cached) return withRestHeaders(await fileResponse(request, cached, { etag: opaqueTag(key), contentType, cacheControl: REVALIDATE, immutable: true }));
    const estimate = params.bool('estimateContentLength') === true;
    const headers: Record<string, string> = { ...REST_HEADERS, 'content-type': contentType, 'x-content-duration': source.duration.toFixed(2) };
    if (request.method === 'HEAD') {
      if (estimate) headers['content-length'] = String(estimatedBytes(source.duration, kbps));
      return new Response(null, { headers });
    }
    let release: () => void;
    try {
      release = slots.acquire();
    } catch (error) {
      if (!(error instanceof TranscodeBusyError)) throw error;
      throw new SubsonicError(SUBSONIC_ERROR.generic, error.message, 503, { 'retry-after': '5' });
    }
    let body: ReadableStream<Uint8Array>;
    try {
      body = transcodeStream({ ffmpeg: ffmpeg!, input: source.path, format, kbps, sink: transcodes.writer(key), onEnd: release });
    } catch (error) {
      release(); // ffmpeg could not be started (gone since start): nothing holds the slot
      throw error;
    }
    // Bun drops a Content-Length set on a streamed body (oven-sh/bun#10507): an app that asks
    // for a length gets the finished encoding with its true length instead (ffmpeg runs at
    // tens of times real time) unless it is long; everyone else gets it as it encodes.
    if (bufferForLength(estimate, source.duration, kbps)) return new Response(await new Response(body).arrayBuffer(), { headers });
    // A Range is answered whole here: those bytes do not exist yet.
    return new Response(body, { headers: { ...headers, 'accept-ranges': 'none' } });
  };

  return {
    ffmpeg,
    slots,
    transcodes,
    async stream(request: Request, params: Params): Promise<Response> {
      const source = audioSource(ctx.db, storage, params);
      const delivery = chooseDelivery(source, params, ffmpeg !== null);
      if (delivery.kind === 'original') return original(request, source);
      return transcoded(request, source, delivery.format, delivery.kbps, params);
    },
    /** download: always the original bytes. */
    download(request: Request, params: Params): Promise<Response> {
      return original(request, audioSource(ctx.db, storage, params));
    },
    async coverArt(request: Request, params: Params): Promise<Response> {
      const image = await coverImage(ctx.db, storage, currentLibrary(ctx.db, ctx.now()), join(cacheRoot, 'covers'), params);
      const response = await fileResponse(request, image.path, { etag: opaqueTag(image.hash), contentType: IMAGE_CONTENT_TYPES[image.format], cacheControl: REVALIDATE });
      response.headers.set('content-security-policy', "default-src 'none'; sandbox");
      return withRestHeaders(response);
    },
  };
}
