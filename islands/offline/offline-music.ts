import type { SongDto } from '../../src/shared/types.ts';
import { runBounded } from '../lib/run-bounded.ts';
import { NO_CONNECTION, OFFLINE_AUDIO_CACHE, offlineSupported, refreshOfflineSet } from './offline-cache.ts';

/**
 * Music kept on the device, loaded lazily: audio and artwork go into
 * `hearth-offline-audio-v1` under their own paths, which the service worker serves first.
 * What a song is (title, artist, size, artwork) rides on its stored audio response as one
 * header, so the cache is the only record: nothing can disagree with it.
 */
export type OfflineSong = Pick<SongDto, 'id' | 'title' | 'artist' | 'audioUrl' | 'artworkUrl' | 'fileSize'>;

const SONG_HEADER = 'x-hearth-offline-song';
const PARALLEL = 2;

/**
 * The signed-in user's id, set by the app (OfflineSync) and written with each kept song, so
 * another account signing in on this device never finds (or plays) the previous one's music.
 */
let owner: number | null = null;
export function setOfflineOwner(userId: number): void {
  owner = userId;
}

const NO_SPACE = 'Not enough space on this device';

export interface StoreResult {
  stored: number;
  failed: number;
  /** Why the first failure failed, in words for a toast. */
  error: string | null;
}

/** Asks the browser not to evict the cache under storage pressure; it may say no. */
async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}

const sameOrigin = (path: string | null): path is string => path !== null && path.startsWith('/') && !path.startsWith('//');

/** A whole (200) response, its `Vary` dropped so the worker's cache match never misses on headers. */
async function fetchWhole(path: string, extra: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(response.status === 404 ? 'The song is no longer available' : `The server answered ${response.status}`);
  }
  const headers = new Headers(response.headers);
  headers.delete('vary');
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, { status: 200, statusText: response.statusText, headers });
}

function describe(error: unknown): string {
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return NO_SPACE;
  if (error instanceof TypeError) return NO_CONNECTION;
  return error instanceof Error ? error.message : String(error);
}

async function storeOne(cache: Cache, song: OfflineSong): Promise<void> {
  const meta = { id: song.id, title: song.title, artist: song.artist, artworkUrl: song.artworkUrl, fileSize: song.fileSize, owner };
  await cache.put(song.audioUrl, await fetchWhole(song.audioUrl, { [SONG_HEADER]: encodeURIComponent(JSON.stringify(meta)) }));
  const artwork = song.artworkUrl;
  if (!sameOrigin(artwork) || (await cache.match(artwork))) return;
  // Artwork is a nicety: without it the song still plays offline, under the placeholder.
  await fetchWhole(artwork)
    .then((response) => cache.put(artwork, response))
    .catch(() => {});
}

/**
 * Stores each song not yet on the device, two at a time; a song that fails does not stop
 * the rest, but a full disk does (nothing more would fit).
 */
export async function makeAvailableOffline(songs: readonly OfflineSong[], onProgress?: (done: number, total: number) => void): Promise<StoreResult> {
  const result: StoreResult = { stored: 0, failed: 0, error: null };
  if (!offlineSupported()) return { ...result, failed: songs.length, error: 'This browser cannot keep music offline here' };
  void requestPersistentStorage();
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  const queue = songs.filter((song) => sameOrigin(song.audioUrl));
  const { failures, skipped } = await runBounded(
    queue,
    PARALLEL,
    async (song) => {
      if (!(await cache.match(song.audioUrl))) await storeOne(cache, song);
      result.stored++;
    },
    { onSettled: (done) => onProgress?.(done, songs.length), stopAfter: (error) => describe(error) === NO_SPACE },
  );
  result.failed = failures.length + skipped.length;
  result.error = failures[0] ? describe(failures[0].error) : null;
  await refreshOfflineSet();
  return result;
}

export interface KeptSong {
  id: number;
  /** Who kept it (null: not known when it was stored). */
  owner: number | null;
  title: string;
  artist: string | null;
  audioUrl: string;
  artworkUrl: string | null;
  bytes: number;
}

export interface KeptMusic {
  songs: KeptSong[];
  /** Audio plus the artwork those songs use, as stored. */
  bytes: number;
}

const pathOf = (request: Request) => new URL(request.url).pathname;

function readMeta(audioUrl: string, response: Response | undefined): KeptSong {
  let meta: Partial<KeptSong> & { fileSize?: number } = {};
  try {
    meta = JSON.parse(decodeURIComponent(response?.headers.get(SONG_HEADER) ?? '{}')) as typeof meta;
  } catch {
    // written by an older version: shown by its path
  }
  const bytes = meta.fileSize ?? Number(response?.headers.get('content-length') ?? 0);
  return { id: meta.id ?? 0, owner: meta.owner ?? null, title: meta.title ?? audioUrl.split('/').pop() ?? audioUrl, artist: meta.artist ?? null, audioUrl, artworkUrl: meta.artworkUrl ?? null, bytes };
}

/** Every song on the device with its size, by title (the /account section). */
export async function listOfflineMusic(): Promise<KeptMusic> {
  if (!offlineSupported() || !(await caches.has(OFFLINE_AUDIO_CACHE))) return { songs: [], bytes: 0 };
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  const songs: KeptSong[] = [];
  let bytes = 0;
  for (const request of await cache.keys()) {
    const path = pathOf(request);
    const response = await cache.match(request);
    if (path.startsWith('/media/')) {
      const song = readMeta(path, response);
      songs.push(song);
      bytes += song.bytes;
    } else bytes += Number(response?.headers.get('content-length') ?? 0);
  }
  songs.sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true }));
  return { songs, bytes };
}

/** Removes these songs' audio, and artwork no other kept song uses. */
export async function removeFromDevice(audioUrls: readonly string[]): Promise<void> {
  if (!offlineSupported() || !(await caches.has(OFFLINE_AUDIO_CACHE))) return;
  const cache = await caches.open(OFFLINE_AUDIO_CACHE);
  const dropped = new Set(audioUrls);
  const kept = await listOfflineMusic();
  const stillUsed = new Set(kept.songs.filter((song) => !dropped.has(song.audioUrl)).map((song) => song.artworkUrl));
  for (const request of await cache.keys()) {
    const path = pathOf(request);
    if (path.startsWith('/media/') ? dropped.has(path) : !stillUsed.has(path)) await cache.delete(request);
  }
  await refreshOfflineSet();
}

/**
 * The next online sync: drops kept songs no longer among the user's songs (unpublished,
 * deleted, their audio replaced: audio URLs carry the content hash). Returns how many went.
 */
export async function syncOfflineMusic(available: readonly Pick<SongDto, 'audioUrl'>[], asked?: ReadonlySet<string>): Promise<number> {
  const current = new Set(available.map((song) => song.audioUrl));
  const kept = await listOfflineMusic();
  // Only the songs `available` was looked up for (`asked`, audio URLs) are judged: one kept meanwhile stays.
  const gone = kept.songs.filter((song) => !current.has(song.audioUrl) && (!asked || asked.has(song.audioUrl))).map((song) => song.audioUrl);
  if (gone.length > 0) await removeFromDevice(gone);
  return gone.length;
}

/** Drops songs another account kept on this device (it signed out without logging out). */
export async function dropOthersMusic(userId: number): Promise<number> {
  const kept = await listOfflineMusic();
  const others = kept.songs.filter((song) => song.owner !== null && song.owner !== userId).map((song) => song.audioUrl);
  if (others.length > 0) await removeFromDevice(others);
  return others.length;
}

/** Everything off the device: called when signing out (the service worker engineer's logout). */
export async function clearOfflineMusic(): Promise<void> {
  if (!offlineSupported()) return;
  await caches.delete(OFFLINE_AUDIO_CACHE);
  await refreshOfflineSet();
}
