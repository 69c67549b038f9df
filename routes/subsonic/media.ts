import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { IMAGE_CONTENT_TYPES } from '../../media/sniff.ts';
import { createObjectFactsCache, proxiedObjectResponse } from '../../media/object-response.ts';
import { createStatCache, fileResponse } from '../../media/stream.ts';
import { TranscodeCache, transcodeKey } from '../../media/transcode-cache.ts';
import { type Ffmpeg, TRANSCODE_CONTENT_TYPES, TranscodeBusyError, TranscodeSlots, TranscodeWaitTimeoutError, bufferForLength, estimatedBytes, transcodeStream } from '../../media/transcode.ts';
import type { AppContext } from '../../src/app-context.ts';
import { attachment } from '../../src/http/content-disposition.ts';
import type { MediaAnswer } from '../../src/services/subsonic/api.ts';
import { apiContentType } from '../../src/services/subsonic/dto.ts';
import { SUBSONIC_ERROR, SubsonicError } from '../../src/services/subsonic/errors.ts';
import type { LibraryIndex } from '../../src/services/subsonic/library.ts';
import { type AudioSource, audioSource, chooseDelivery, coverImage, downloadName } from '../../src/services/subsonic/media.ts';
import type { Params } from '../../src/services/subsonic/params.ts';
import { REST_HEADERS } from './respond.ts';
import type { Call } from '../../src/services/subsonic/api.ts';

// The song id in the URL stays when the audio is replaced: revalidate by ETag, never assume.
const REVALIDATE = 'private, no-cache';
/** An ETag that changes with the content hash but does not tell it (nothing internal leaks). */
const opaqueTag = (value: string) => createHash('sha256').update(`hearth-subsonic:${value}`).digest('base64url').slice(0, 27);

/** Sends the bytes of one media answer for the signed-in caller. */
export type MediaSender = (request: Request, params: Params, viewer: Call['user']) => Promise<Response>;

/** stream, download and getCoverArt: bytes, with ranges and HEAD as /media and /objects answer them. */
export function subsonicMedia(ctx: AppContext, ffmpeg: Ffmpeg | null, libraries: LibraryIndex): Record<MediaAnswer, MediaSender> {
  const { storage } = ctx;
  const stats = createStatCache();
  const cacheRoot = join(ctx.config.dataDir, 'cache');
  const transcodes = new TranscodeCache(join(cacheRoot, 'transcodes'), ctx.config.transcodeCacheBytes);
  const slots = new TranscodeSlots(ctx.config.transcodeLimit);

  const withRestHeaders = (response: Response) => {
    for (const [name, value] of Object.entries(REST_HEADERS)) if (name !== 'cache-control') response.headers.set(name, value);
    return response;
  };

  const facts = createObjectFactsCache(storage.audio);
  // Stored audio in a bucket is passed through (with ranges): phone apps keep one origin.
  const original = async (request: Request, source: AudioSource) => {
    const options = { etag: opaqueTag(source.hash), contentType: apiContentType(source.format), cacheControl: REVALIDATE };
    if (source.immutable && storage.audio.kind === 's3') return withRestHeaders(await proxiedObjectResponse(request, storage.audio, source.hash, { ...options, facts }));
    return withRestHeaders(await fileResponse(request, source.path, { ...options, stats: source.immutable ? stats : undefined }));
  };

  /** A slot for ffmpeg, waiting in line when all are taken; 503 only when the line is full or too slow. */
  const slot = async (request: Request) => {
    try {
      return await slots.acquire(request.signal);
    } catch (error) {
      if (request.signal.aborted) throw new SubsonicError(SUBSONIC_ERROR.generic, 'The request was cancelled while waiting', 503);
      if (!(error instanceof TranscodeBusyError || error instanceof TranscodeWaitTimeoutError)) throw error;
      throw new SubsonicError(SUBSONIC_ERROR.generic, error.message, 503, { 'retry-after': '5' });
    }
  };

  const transcoded = async (request: Request, source: AudioSource, format: 'mp3' | 'opus', kbps: number, gainDb: number, params: Params) => {
    // timeOffset (seconds, OpenSubsonic transcodeOffset): past the end is the end.
    const offset = Math.min(params.int('timeOffset', 0, 0, 1_000_000), Math.floor(source.duration));
    const seconds = Math.max(0, source.duration - offset);
    const key = transcodeKey(source.hash, format, kbps, gainDb);
    const contentType = TRANSCODE_CONTENT_TYPES[format];
    const cached = offset === 0 ? transcodes.lookup(key) : null;
    // A finished encoding is a file like any other: ranges, HEAD, ETag.
    if (cached) return withRestHeaders(await fileResponse(request, cached, { etag: opaqueTag(key), contentType, cacheControl: REVALIDATE, stats }));
    const estimate = params.bool('estimateContentLength') === true;
    const headers: Record<string, string> = { ...REST_HEADERS, 'content-type': contentType, 'x-content-duration': seconds.toFixed(2) };
    if (request.method === 'HEAD') {
      if (estimate) headers['content-length'] = String(estimatedBytes(seconds, kbps));
      return new Response(null, { headers });
    }
    const release = await slot(request);
    // A client that left just as its turn came must not start an encoding nobody reads.
    if (request.signal.aborted) {
      release();
      throw new SubsonicError(SUBSONIC_ERROR.generic, 'The request was cancelled while waiting', 503);
    }
    let body: ReadableStream<Uint8Array>;
    try {
      // Only whole songs are cached: a part from an offset is a different file.
      const sink = offset === 0 ? transcodes.writer(key) : undefined;
      body = transcodeStream({ ffmpeg: ffmpeg!, input: source.path, format, kbps, offset, gainDb, sink, onEnd: release });
    } catch (error) {
      release(); // ffmpeg could not be started (gone since start): nothing holds the slot
      throw error;
    }
    // Bun drops a Content-Length set on a streamed body (oven-sh/bun#10507): an app that asks
    // for a length gets the finished encoding with its true length instead (ffmpeg runs at
    // tens of times real time) unless it is long; everyone else gets it as it encodes.
    if (bufferForLength(estimate, seconds, kbps)) return new Response(await new Response(body).arrayBuffer(), { headers });
    // A Range is answered whole here: those bytes do not exist yet.
    return new Response(body, { headers: { ...headers, 'accept-ranges': 'none' } });
  };

  return {
    async stream(request: Request, params: Params, viewer: Call['user']): Promise<Response> {
      const source = audioSource(ctx.db, viewer, storage, params);
      const delivery = chooseDelivery(source, params, ffmpeg !== null);
      if (delivery.kind === 'original') return original(request, source);
      return transcoded(request, source, delivery.format, delivery.kbps, delivery.gainDb ?? 0, params);
    },
    /** download: always the original bytes, under the file's own name. */
    async download(request: Request, params: Params, viewer: Call['user']): Promise<Response> {
      const response = await original(request, audioSource(ctx.db, viewer, storage, params));
      response.headers.set('content-disposition', attachment(downloadName(ctx.db, viewer, params)));
      return response;
    },
    async coverArt(request: Request, params: Params, viewer: Call['user']): Promise<Response> {
      const image = await coverImage(ctx.db, storage, libraries.current(ctx.now(), viewer), join(cacheRoot, 'covers'), params);
      const response = await fileResponse(request, image.path, { etag: opaqueTag(image.hash), contentType: IMAGE_CONTENT_TYPES[image.format], cacheControl: REVALIDATE });
      response.headers.set('content-security-policy', "default-src 'none'; sandbox");
      return withRestHeaders(response);
    },
  };
}
