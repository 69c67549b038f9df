import { spawnSync } from 'node:child_process';
import { setPriority } from 'node:os';
import { AUDIO_CONTENT_TYPES, type AudioFormat } from '../src/shared/audio-formats.ts';
import { DEFAULT_TRANSCODE_LIMIT } from '../src/config.ts';

/** Where ffmpeg is and which version, found once when the app starts (null: not installed). */
export interface Ffmpeg {
  path: string;
  version: string;
}

/** What phone apps may ask ffmpeg to convert to: two of the stored formats. */
export const TRANSCODE_FORMATS = ['mp3', 'opus'] as const satisfies readonly AudioFormat[];
export type TranscodeFormat = (typeof TRANSCODE_FORMATS)[number];

// Opus goes out as plain `audio/ogg`, as the Subsonic API names it: some players refuse `codecs=`.
export const TRANSCODE_CONTENT_TYPES: Record<TranscodeFormat, string> = { mp3: AUDIO_CONTENT_TYPES.mp3, opus: 'audio/ogg' };

let found: Ffmpeg | null | undefined;

/**
 * Looks ffmpeg up on PATH and asks its version (100-300 ms: ffmpeg starts); the answer is kept
 * for the process. `remembered` answers for an ffmpeg it has seen (media/ffmpeg-probe-cache.ts).
 */
export function findFfmpeg(remembered?: FfmpegProbeMemory): Ffmpeg | null {
  if (found !== undefined) return found;
  const path = Bun.which('ffmpeg');
  if (!path) return (found = null);
  const known = remembered?.recall(path);
  if (known !== undefined) return (found = known);
  const probe = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 5000 });
  const version = /ffmpeg version (\S+)/.exec(probe.stdout ?? '')?.[1];
  found = probe.status === 0 && version ? { path, version } : null;
  // Only a working ffmpeg is remembered: a failed probe (a library missing, a timeout) may pass next time.
  if (found) remembered?.keep(path, found);
  return found;
}

/** What an ffmpeg at a path answered before: undefined when unknown or changed since. */
export interface FfmpegProbeMemory {
  recall(path: string): Ffmpeg | null | undefined;
  keep(path: string, answer: Ffmpeg | null): void;
}

/** ffmpeg's niceness: the web and the API stay quick while songs convert. */
const FFMPEG_NICENESS = 10;

/** How many conversions may wait for a slot, per slot, and how long each may wait. */
export const TRANSCODE_WAITING_PER_SLOT = 2;
export const TRANSCODE_WAIT_MS = 30_000;

export class TranscodeBusyError extends Error {
  constructor(readonly slots: number, readonly waiting: number) {
    super(`The server is already converting ${slots} songs with ${waiting} more waiting, as many as it can take. Try again in a moment, or play the original quality.`);
    this.name = 'TranscodeBusyError';
  }
}

export class TranscodeWaitTimeoutError extends Error {
  constructor(readonly waitedMs: number) {
    super(`The server was too busy converting other songs to start this one within ${Math.round(waitedMs / 1000)} seconds. Try again, or play the original quality.`);
    this.name = 'TranscodeWaitTimeoutError';
  }
}

interface Waiter {
  grant(release: () => void): void;
}

/** ffmpeg's input; a bucket's presigned link is read again from where it broke off. */
export const inputArgs = (input: string) => [...(/^https?:\/\//.test(input) ? ['-reconnect', '1', '-reconnect_streamed', '1', '-reconnect_delay_max', '5'] : []), '-i', input];

/**
 * One running transcode per slot; past that, requests wait first come, first served (a family
 * starting songs together all get them), up to `maxWaiting` of them and `waitMs` each.
 */
export class TranscodeSlots {
  private busy = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly limit = DEFAULT_TRANSCODE_LIMIT,
    readonly maxWaiting = limit * TRANSCODE_WAITING_PER_SLOT,
    readonly waitMs = TRANSCODE_WAIT_MS,
  ) {}

  get inUse(): number {
    return this.busy;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Resolves to a release function (works once) when a slot is free; rejects at once with
   * TranscodeBusyError when the queue is full, TranscodeWaitTimeoutError after `waitMs`, or the
   * signal's reason when the client leaves while waiting.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.busy < this.limit && this.waiting.length === 0) {
      this.busy += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new TranscodeBusyError(this.limit, this.waiting.length));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const leave = (error: Error) => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => leave(signal!.reason);
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const timer = setTimeout(() => leave(new TranscodeWaitTimeoutError(this.waitMs)), this.waitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the longest waiting request, so none can jump the queue.
      const next = this.waiting.shift();
      if (next) next.grant(this.releaser());
      else this.busy -= 1;
    };
  }
}

/**
 * ffmpeg's arguments: the first audio stream from `offset` seconds on (an input seek: fast), no
 * tags or pictures, a gain through the `volume` filter when not 0, constant bit rate, to stdout.
 */
function ffmpegArgs(input: string, format: TranscodeFormat, kbps: number, offset: number, gainDb = 0): string[] {
  // Opus in stereo: libopus refuses more than 256 kbit/s per channel, so a mono song at 320 failed.
  const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-write_xing', '0', '-id3v2_version', '0', '-f', 'mp3'] : ['-ac', '2', '-c:a', 'libopus', '-vbr', 'off', '-f', 'ogg'];
  return ['-hide_banner', '-loglevel', 'error', '-nostdin', '-threads', '1', ...(offset > 0 ? ['-ss', String(offset)] : []), ...inputArgs(input), '-map', '0:a:0', '-vn', ...(gainDb !== 0 ? ['-af', `volume=${gainDb.toFixed(2)}dB`] : []), '-map_metadata', '-1', '-b:a', `${kbps}k`, ...codec, 'pipe:1'];
}

/** The size a constant-bit-rate encoding of `seconds` comes to, for `estimateContentLength`. */
export const estimatedBytes = (seconds: number, kbps: number) => Math.ceil((seconds * kbps * 1000) / 8);

/** Above this, a length is not worth holding the whole encoding in memory on a Raspberry Pi. */
export const MAX_BUFFERED_TRANSCODE_BYTES = 32 * 1024 * 1024;

/**
 * `estimateContentLength` can only be honoured by buffering the finished encoding (Bun drops a
 * Content-Length set on a streamed body): only while the encoding is small; longer ones stream.
 */
export const bufferForLength = (asked: boolean, seconds: number, kbps: number) => asked && estimatedBytes(seconds, kbps) <= MAX_BUFFERED_TRANSCODE_BYTES;

export interface TranscodeOptions {
  ffmpeg: Ffmpeg;
  input: string;
  format: TranscodeFormat;
  kbps: number;
  /** Seconds into the song to start at (Subsonic `timeOffset`); 0 for the whole song. */
  offset?: number;
  /** dB applied through ffmpeg's `volume` filter (a levelled transcode); 0 or absent for none. */
  gainDb?: number;
  /** Called with the whole output once ffmpeg finished cleanly (the cache keeps it). */
  sink?: { write(chunk: Uint8Array): void; finish(ok: boolean): void } | undefined;
  /** Runs once when the process is gone, whatever happened (frees the slot). */
  onEnd: () => void;
}

/** Encoded bytes held for a client reading slower than ffmpeg writes, so ffmpeg can finish and free its slot. */
export const MAX_UNREAD_TRANSCODE_BYTES = 4 * 1024 * 1024;

/**
 * Streams ffmpeg's output as it encodes, running ahead of the client by up to
 * MAX_UNREAD_TRANSCODE_BYTES. A client that goes away stops ffmpeg (a skipped song must not hold a
 * slot); a failed encoding breaks the stream off rather than ending it cleanly.
 */
export function transcodeStream(options: TranscodeOptions): ReadableStream<Uint8Array> {
  const proc = Bun.spawn([options.ffmpeg.path, ...ffmpegArgs(options.input, options.format, options.kbps, options.offset ?? 0, options.gainDb ?? 0)], {
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'ignore',
  });
  try {
    setPriority(proc.pid, FFMPEG_NICENESS);
  } catch {
    // not allowed here (a locked-down container): it runs at the server's priority
  }
  const reader = proc.stdout.getReader();
  let ended = false;
  const end = (ok: boolean) => {
    if (ended) return;
    ended = true;
    options.sink?.finish(ok);
    options.onEnd();
  };
  const finish = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    const ok = (await proc.exited) === 0;
    if (ended) return; // the client left (cancel killed ffmpeg): nobody is reading
    end(ok);
    if (ok) controller.close();
    else controller.error(new Error('ffmpeg could not convert this file'));
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return finish(controller);
        options.sink?.write(value);
        controller.enqueue(value);
      },
      cancel() {
        proc.kill();
        end(false);
      },
    },
    { highWaterMark: MAX_UNREAD_TRANSCODE_BYTES, size: (chunk) => chunk?.byteLength ?? 0 },
  );
}
