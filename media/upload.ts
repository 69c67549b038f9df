import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BadRequestError, PayloadTooLargeError } from '../src/errors.ts';
import { MAX_AUDIO_UPLOAD_BYTES } from '../src/shared/upload-limits.ts';
import { diskFullAware } from './disk-full.ts';

/** The browser checks the same limit before sending (src/shared/upload-limits.ts). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export interface ReceivedFile {
  tempPath: string;
  hash: string;
  size: number;
  /** The client's name for it, sanitised: plain text, never a path. */
  filename: string | null;
}

export interface ReceivedForm {
  file: ReceivedFile | null;
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  tempPath: string;
  maxBytes: number;
  tooLargeMessage: string;
  /** Told the body bytes read so far before each chunk is used; a throw refuses the upload. */
  onBodyBytes?: (total: number) => void;
}

// C0/C1 controls and bidi overrides/isolates (RLO and friends make names lie about themselves).
const UNSAFE_CHARS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** A client file name as harmless text: the last path segment, no control or bidi characters. */
function sanitizeFilename(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const base = raw.replace(UNSAFE_CHARS, '').split(/[/\\]/).pop()!.trim();
  return base && base !== '.' && base !== '..' ? base.slice(0, 255) : null;
}

/** Writes one multipart file part to disk, hashing as it goes; reports whether it was cut off. */
async function writePart(stream: Readable, tempPath: string): Promise<{ hash: string; size: number; truncated: boolean }> {
  const hash = createHash('sha256');
  let size = 0;
  let truncated = false;
  stream.once('limit', () => {
    truncated = true;
  });
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(stream, tap, createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
  return { hash: hash.digest('hex'), size, truncated };
}

/**
 * Streams a multipart body: the part named `file` goes to `tempPath` (never held whole in
 * memory), cut off at `maxBytes` while streaming (413, temp removed). Other parts are small
 * text fields. On any failure nothing is left on disk.
 */
export async function receiveMultipart(request: Request, options: ReceiveOptions): Promise<ReceivedForm> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    throw new BadRequestError('Send the file as multipart/form-data');
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > options.maxBytes + 1024 * 1024) throw new PayloadTooLargeError(options.tooLargeMessage);
  try {
    return await parse(request.body, contentType, options);
  } catch (error) {
    rmSync(options.tempPath, { force: true });
    throw diskFullAware(error);
  }
}

async function parse(body: ReadableStream<Uint8Array>, contentType: string, options: ReceiveOptions): Promise<ReceivedForm> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 20, fieldSize: 16 * 1024, parts: 30, fileSize: options.maxBytes },
    });
  } catch {
    throw new BadRequestError('Send the file as multipart/form-data');
  }
  const fields: Record<string, string> = {};
  let filePart: Promise<ReceivedFile> | null = null;
  let failure: Error | null = null;
  let announce = () => {};
  const failed = new Promise<void>((resolve) => (announce = resolve));
  const fail = (error: Error) => {
    failure ??= error;
    announce();
  };
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || filePart) return void stream.resume();
      filePart = writePart(stream, options.tempPath).then((written) => {
        if (written.truncated) throw new PayloadTooLargeError(options.tooLargeMessage);
        return { tempPath: options.tempPath, hash: written.hash, size: written.size, filename: sanitizeFilename(info.filename) };
      });
      filePart.catch(fail);
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('close', resolve);
    parser.on('error', () => reject(new BadRequestError('The upload was not valid multipart/form-data')));
  });
  finished.catch(() => {});
  await pump(body, parser, { failure: () => failure, failed }, options.onBodyBytes);
  await Promise.race([finished, failed]); // a write failing after the last chunk must not hang
  if (failure) throw failure;
  const file = filePart ? await filePart : null;
  if (failure) throw failure;
  return { file, fields };
}

interface PartFailure {
  failure(): Error | null;
  /** Settles when the file part fails (a full disk): a stalled parser never drains then. */
  failed: Promise<void>;
}

/** Feeds the request body into busboy with backpressure; stops reading once a part failed. */
async function pump(body: ReadableStream<Uint8Array>, parser: busboy.Busboy, part: PartFailure, onBytes?: (total: number) => void) {
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const failure = part.failure();
      if (failure) throw failure;
      onBytes?.((total += value.byteLength));
      if (!parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) {
        await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), part.failed]);
      }
    }
    const failure = part.failure();
    if (failure) throw failure;
    parser.end();
  } catch (error) {
    await reader.cancel().catch(() => {});
    parser.destroy();
    throw error;
  }
}
