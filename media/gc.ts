import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaStorage } from './storage.ts';

export interface MediaRefs {
  /** Audio content hashes that rows still use. */
  audio: Set<string>;
  /** Artwork URLs (`/objects/images/<hash>.<ext>`) that rows still use. */
  artworkUrls: Set<string>;
  /**
   * Asked again just before an audio object goes: a bucket's listing and deletes take network
   * time, during which an upload of the same bytes may have made it a song's again.
   */
  audioStillUnused?: (hash: string) => boolean;
}

export interface GcResult {
  audio: number;
  images: number;
  previews: number;
  temp: number;
}

export interface GcOptions {
  now: number;
  /** Files younger than this are spared: an upload may be between its rename and its insert. */
  graceMs?: number;
  /** Temp files this old are left over from a crash. */
  tempMaxAgeMs?: number;
}

function* filesIn(dir: string): Generator<{ path: string; name: string }> {
  let shards: string[];
  try {
    shards = readdirSync(dir);
  } catch {
    return;
  }
  for (const shard of shards) {
    let names: string[];
    try {
      names = readdirSync(join(dir, shard));
    } catch {
      continue;
    }
    for (const name of names) yield { path: join(dir, shard, name), name };
  }
}

/**
 * Deletes stored files that nothing references any more (and stale temp files). Only names
 * we wrote are considered; a file is removed only when unreferenced and past the grace time.
 */
export async function collectGarbage(storage: MediaStorage, refs: MediaRefs, options: GcOptions): Promise<GcResult> {
  const { now, graceMs = 60 * 60 * 1000, tempMaxAgeMs = 24 * 60 * 60 * 1000 } = options;
  const old = (path: string, age = graceMs) => {
    const mtime = storage.mtime(path);
    return mtime !== null && mtime < now - age;
  };
  const result: GcResult = { audio: 0, images: 0, previews: 0, temp: 0 };
  // Audio may be in a bucket: listed and removed through its store, by the same rule.
  const unused: string[] = [];
  for await (const { hash, mtimeMs } of storage.audio.list()) {
    if (!refs.audio.has(hash) && mtimeMs < now - graceMs) unused.push(hash);
  }
  for (const hash of unused) {
    if (refs.audioStillUnused && !refs.audioStillUnused(hash)) continue;
    // A fresh write (the same bytes uploaded again) renews the object's time: spared too.
    const facts = await storage.audio.stat(hash);
    if (!facts || facts.mtimeMs >= now - graceMs) continue;
    await storage.audio.remove(hash);
    result.audio += 1;
  }
  const liveImages = new Set<string>();
  for (const { path, name } of filesIn(join(storage.root, 'images'))) {
    const hash = name.slice(0, 64);
    if (refs.artworkUrls.has(`/objects/images/${name}`) || !old(path)) liveImages.add(hash);
    else if (/^[0-9a-f]{64}\.(png|jpg|webp|gif)$/.test(name)) {
      storage.remove(path);
      result.images += 1;
    }
  }
  for (const { path, name } of filesIn(join(storage.root, 'previews'))) {
    if (/^[0-9a-f]{64}\.jpg$/.test(name) && !liveImages.has(name.slice(0, 64))) {
      storage.remove(path);
      result.previews += 1;
    }
  }
  let temps: string[] = [];
  try {
    temps = readdirSync(storage.tmpDir);
  } catch {}
  for (const name of temps) {
    const path = join(storage.tmpDir, name);
    if (name.endsWith('.part') && old(path, tempMaxAgeMs)) {
      storage.remove(path);
      result.temp += 1;
    }
  }
  return result;
}
