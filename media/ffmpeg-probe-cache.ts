import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Ffmpeg, FfmpegProbeMemory } from './transcode.ts';

interface Remembered {
  path: string;
  size: number;
  mtimeMs: number;
  answer: Ffmpeg | null;
}

/** The binary's identity: a package upgrade or a replaced file changes its size or time. */
function identity(path: string): { size: number; mtimeMs: number } | null {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat ? { size: stat.size, mtimeMs: stat.mtimeMs } : null;
}

/**
 * ffmpeg's probe answer kept in a small JSON file (DATA_DIR/cache/ffmpeg.json), so a start with
 * the same ffmpeg binary as last time spawns nothing before it answers.
 */
export function ffmpegProbeFile(file: string): FfmpegProbeMemory {
  return {
    recall(path) {
      const now = identity(path);
      if (!now) return undefined;
      try {
        const kept = JSON.parse(readFileSync(file, 'utf8')) as Remembered;
        if (kept.answer && kept.path === path && kept.size === now.size && kept.mtimeMs === now.mtimeMs) return kept.answer;
      } catch {
        // Missing or unreadable: probe again.
      }
      return undefined;
    },
    keep(path, answer) {
      const now = identity(path);
      if (!now) return;
      try {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(`${file}.tmp`, JSON.stringify({ path, ...now, answer } satisfies Remembered));
        renameSync(`${file}.tmp`, file);
      } catch {
        // A read-only data folder: the next start probes again.
      }
    },
  };
}
