import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { join } from 'node:path';

interface Entry {
  path: string;
  size: number;
}

const KEY = /^[0-9a-f]{64}-(mp3|opus)-\d{2,3}(-g-?\d{1,3}\.\d{2})?$/;
const EXTENSIONS = { mp3: 'mp3', opus: 'ogg' } as const;

/**
 * The cache key of one song's encoding: content hash (not song id, so a new upload is a new key),
 * format, bit rate, and the gain applied (dB, to the hundredth) when not 0.
 */
export function transcodeKey(hash: string, format: 'mp3' | 'opus', kbps: number, gainDb = 0): string {
  const gain = Math.round(gainDb * 100) / 100;
  return gain === 0 ? `${hash}-${format}-${kbps}` : `${hash}-${format}-${kbps}-g${gain.toFixed(2)}`;
}

/**
 * Finished transcodes on disk (DATA_DIR/cache/transcodes), least recently used first out once
 * their total passes the cap (TRANSCODE_CACHE_MB; 0 keeps nothing). The order lives in memory
 * and in the files' mtimes (touched on use), so a restart keeps it.
 */
export class TranscodeCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(
    readonly dir: string,
    readonly capBytes: number,
  ) {
    mkdirSync(dir, { recursive: true });
    const found: (Entry & { key: string; used: number })[] = [];
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const key = name.replace(/\.(mp3|ogg)$/, '');
      // Leftovers of an encoding cut off by a stop: never complete, so never served.
      if (name.endsWith('.part') || !KEY.test(key)) {
        rmSync(path, { force: true });
        continue;
      }
      const stat = statSync(path);
      found.push({ key, path, size: stat.size, used: stat.mtimeMs });
    }
    for (const entry of found.sort((a, b) => a.used - b.used)) this.add(entry.key, entry);
    this.evict();
  }

  get enabled(): boolean {
    return this.capBytes > 0;
  }

  get bytes(): number {
    return this.total;
  }

  /** The cached file, marked as just used; null when absent (or removed behind our back). */
  lookup(key: string): string | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    try {
      const now = new Date();
      utimesSync(entry.path, now, now);
    } catch {
      this.drop(key);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.path;
  }

  /** A writer for one encoding: chunks go to a temporary file, kept under `key` only when finished. */
  writer(key: string): { write(chunk: Uint8Array): void; finish(ok: boolean): void } | undefined {
    if (!this.enabled) return undefined;
    const format = key.split('-')[1] === 'opus' ? 'opus' : 'mp3';
    const temp = join(this.dir, `${key}.${process.pid}-${crypto.randomUUID()}.part`);
    let fd: number;
    try {
      fd = openSync(temp, 'w', 0o600);
    } catch {
      return undefined; // the folder removed behind us, a full disk: no cache entry, still the stream
    }
    let size = 0;
    let failed = false;
    return {
      write: (chunk) => {
        if (failed) return;
        try {
          writeSync(fd, chunk);
          size += chunk.length;
        } catch {
          failed = true; // a full disk loses the cache entry, never the stream
        }
      },
      finish: (ok) => {
        closeSync(fd);
        if (!ok || failed || size === 0 || size > this.capBytes) return void rmSync(temp, { force: true });
        const path = join(this.dir, `${key}.${EXTENSIONS[format]}`);
        try {
          renameSync(temp, path);
        } catch {
          return void rmSync(temp, { force: true }); // the folder went meanwhile: only the entry is lost
        }
        this.drop(key, false);
        this.add(key, { path, size });
        this.evict();
      },
    };
  }

  private add(key: string, entry: Entry): void {
    this.entries.set(key, { path: entry.path, size: entry.size });
    this.total += entry.size;
  }

  private drop(key: string, remove = true): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
    if (remove) rmSync(entry.path, { force: true });
  }

  // Removing a file being served is safe: the open descriptor keeps its bytes until it closes.
  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.capBytes) break;
      this.drop(key);
    }
  }
}
