import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { type Ffmpeg, TranscodeSlots, inputArgs } from './transcode.ts';

/** Remuxes at once: each is a short copy of the stream, but a family can tap many albums. */
export const REMUX_LIMIT = 2;
/** A remux copies without re-encoding: minutes would mean a stalled read, not a long song. */
export const REMUX_DEADLINE_MS = 120_000;

/** Formats that Media Source Extensions take only as fragmented MP4 (the gapless player's feed). */
export const FRAGMENTED_FORMATS = ['m4a', 'flac'] as const;
export type FragmentedFormat = (typeof FRAGMENTED_FORMATS)[number];

/**
 * ffmpeg's remux: the first audio stream copied, not re-encoded. AAC frames keep their full
 * 1024 samples (ffmpeg shortens the last one; Chromium would still play all 1024 and push the
 * next song late): the player trims the padding itself. FLAC in MP4 is "experimental" to ffmpeg 5.
 */
function remuxArgs(input: string, output: string, format: FragmentedFormat): string[] {
  const codec = format === 'm4a' ? ['-bsf:a', 'setts=duration=1024'] : ['-strict', '-2'];
  return ['-hide_banner', '-loglevel', 'error', '-nostdin', ...inputArgs(input), '-map', '0:a:0', '-map_metadata', '-1', '-c', 'copy', ...codec,
    '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-y', output];
}

/** Drops the least recently used copies (by mtime, touched on use) once they pass `capBytes`; never `keep`. */
function prune(dir: string, capBytes: number, keep: string) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.mp4')).map((name) => {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    return { path, size: stat?.size ?? 0, used: stat?.mtimeMs ?? 0 };
  });
  let total = files.reduce((sum, file) => sum + file.size, 0);
  for (const file of files.sort((a, b) => a.used - b.used)) {
    if (total <= capBytes) break;
    if (file.path === keep) continue;
    rmSync(file.path, { force: true });
    total -= file.size;
  }
}

/**
 * Fragmented-MP4 copies of stored songs, made once per content hash under `dir` and kept up to
 * `capBytes` (least recently used out). A copy is written to a temporary name and renamed when
 * ffmpeg finished cleanly; requests for a copy being made wait for the same run.
 */
export function fragmentedMp4Store(ffmpeg: Ffmpeg | null, dir: string, capBytes: number, { slots = new TranscodeSlots(REMUX_LIMIT), deadlineMs = REMUX_DEADLINE_MS } = {}) {
  const making = new Map<string, Promise<string | null>>();
  return (source: string, hash: string, format: FragmentedFormat): Promise<string | null> => {
    const path = join(dir, `${hash}.mp4`);
    if (existsSync(path)) {
      try {
        const now = new Date();
        utimesSync(path, now, now);
        return Promise.resolve(path);
      } catch {
        // Pruned just now: made again below.
      }
    }
    if (!ffmpeg) return Promise.resolve(null);
    const key = `${hash}.${format}`;
    let run = making.get(key);
    if (!run) {
      run = (async () => {
        // A few at a time (past that the caller hears TranscodeBusyError), and never forever: a
        // stalled read would otherwise hold every later request for this song.
        const release = await slots.acquire();
        mkdirSync(dir, { recursive: true });
        const temp = join(dir, `${hash}.${process.pid}-${crypto.randomUUID()}.part`);
        const child = Bun.spawn(['nice', '-n', '10', ffmpeg.path, ...remuxArgs(source, temp, format)], { stdout: 'ignore', stderr: 'ignore' });
        const deadline = setTimeout(() => child.kill('SIGKILL'), deadlineMs);
        const ok = await child.exited.then((code) => code === 0).finally(() => {
          clearTimeout(deadline);
          release();
        });
        if (ok) {
          renameSync(temp, path);
          prune(dir, capBytes, path);
        } else rmSync(temp, { force: true });
        return ok ? path : null;
      })().finally(() => making.delete(key));
      making.set(key, run);
    }
    return run;
  };
}
