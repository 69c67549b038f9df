import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { AUDIO_CONTENT_TYPES, type AudioFormat } from '../src/shared/audio-formats.ts';

/** Where ffmpeg is and which version, found once when the app starts (null: not installed). */
export interface Ffmpeg {
  path: string;
  version: string;
}

/** What phone apps may ask ffmpeg to convert to: two of the stored formats. */
export const TRANSCODE_FORMATS = ['mp3', 'opus'] as const satisfies readonly AudioFormat[];
export type TranscodeFormat = (typeof TRANSCODE_FORMATS)[number];

export const TRANSCODE_CONTENT_TYPES: Record<TranscodeFormat, string> = { mp3: AUDIO_CONTENT_TYPES.mp3, opus: AUDIO_CONTENT_TYPES.opus };

let found: Ffmpeg | null | undefined;

/** Looks ffmpeg up on PATH and asks its version; the answer is kept for the process. */
export function findFfmpeg(): Ffmpeg | null {
  if (found !== undefined) return found;
  const path = Bun.which('ffmpeg');
  if (!path) return (found = null);
  const probe = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 5000 });
  const version = /ffmpeg version (\S+)/.exec(probe.stdout ?? '')?.[1];
  return (found = probe.status === 0 && version ? { path, version } : null);
}

/** At most one transcode per CPU core: each ffmpeg runs on one thread. */
export const TRANSCODE_SLOTS = availableParallelism();

export class TranscodeBusyError extends Error {
  constructor(readonly slots: number) {
    super(`The server is already converting ${slots} songs, as many as it can at once. Try again in a moment, or play the original quality.`);
    this.name = 'TranscodeBusyError';
  }
}

/** Counts running transcodes; `acquire` refuses past the limit instead of queueing (a phone would time out). */
export class TranscodeSlots {
  private busy = 0;
  constructor(readonly limit = TRANSCODE_SLOTS) {}

  get inUse(): number {
    return this.busy;
  }

  /** A release function that works once; throws TranscodeBusyError when every slot is taken. */
  acquire(): () => void {
    if (this.busy >= this.limit) throw new TranscodeBusyError(this.limit);
    this.busy += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.busy -= 1;
    };
  }
}

/** ffmpeg's arguments: the first audio stream, no tags or pictures, constant bit rate, to stdout. */
export function ffmpegArgs(input: string, format: TranscodeFormat, kbps: number): string[] {
  const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-write_xing', '0', '-id3v2_version', '0', '-f', 'mp3'] : ['-c:a', 'libopus', '-vbr', 'off', '-f', 'ogg'];
  return ['-hide_banner', '-loglevel', 'error', '-nostdin', '-threads', '1', '-i', input, '-map', '0:a:0', '-vn', '-map_metadata', '-1', '-b:a', `${kbps}k`, ...codec, 'pipe:1'];
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
  /** Called with the whole output once ffmpeg finished cleanly (the cache keeps it). */
  sink?: { write(chunk: Uint8Array): void; finish(ok: boolean): void } | undefined;
  /** Runs once when the process is gone, whatever happened (frees the slot). */
  onEnd: () => void;
}

/**
 * Streams ffmpeg's output as it encodes. A client that goes away stops ffmpeg (a skipped song
 * must not hold a slot); a failed encoding breaks the stream off rather than ending it cleanly.
 */
export function transcodeStream(options: TranscodeOptions): ReadableStream<Uint8Array> {
  const proc = Bun.spawn([options.ffmpeg.path, ...ffmpegArgs(options.input, options.format, options.kbps)], {
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'ignore',
  });
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
    { highWaterMark: 0 },
  );
}
