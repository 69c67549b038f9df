import { decodeLibraryCursor, encodeLibraryCursor } from '../../src/shared/library-cursor.ts';
import { FIRST_PAGE_SIZE, SONG_PAGE_MAX } from '../../src/shared/library-pages.ts';
import { API_CACHE } from '../../src/shared/pwa.ts';
import type { SongDto, SongPageDto } from '../../src/shared/types.ts';
import { songPaths } from '../lib/api/song-paths.ts';
import { userPaths } from '../lib/api/user.ts';

/**
 * The service worker's copy of the whole library (GET /api/songs, one cache entry replaced when the
 * catalogue changed), from which a page of GET /api/songs/page never read online is cut offline.
 */
export async function refreshWholeLibrary(): Promise<void> {
  try {
    const cache = await caches.open(API_CACHE);
    // Unchanged since the copy (the list's ETag is the catalogue version): 304, nothing read or written.
    const etag = (await cache.match(songPaths.library, { ignoreVary: true }))?.headers.get('etag');
    const response = await fetch(songPaths.library, { credentials: 'same-origin', headers: etag ? { 'if-none-match': etag } : {} });
    if (response.status === 304) return;
    // Signed out (or another account came) while it was read: the cache was emptied, keep it so.
    if (response.ok && (await cache.match(userPaths.me))) await cache.put(songPaths.library, response);
  } catch {
    // offline again or the server went away: the previous copy stays
  }
}

/** The page `url` asks for, cut from the kept whole library (in the same order), or null. */
export async function libraryPageOffline(url: URL): Promise<Response | null> {
  const whole = await caches.match(songPaths.library, { cacheName: API_CACHE, ignoreVary: true });
  if (!whole) return null;
  const songs = (await whole.json()) as SongDto[];
  const after = url.searchParams.get('after');
  const size = Math.min(Number(url.searchParams.get('limit') ?? FIRST_PAGE_SIZE) || FIRST_PAGE_SIZE, SONG_PAGE_MAX);
  let start = 0;
  if (after !== null) {
    // By the cursor's song, not its title: the copy is in the server's order, collation and all.
    const cursor = decodeLibraryCursor(after);
    const at = cursor === null ? -1 : songs.findIndex((song) => song.id === cursor.id);
    if (at < 0) return null;
    start = at + 1;
  }
  const page = songs.slice(start, start + size);
  const last = page.at(-1);
  const body: SongPageDto = { songs: page, next: page.length === size && last ? encodeLibraryCursor(last) : null, total: after === null ? songs.length : null };
  return Response.json(body);
}
