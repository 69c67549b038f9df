import { decodeLibraryCursor, encodeLibraryCursor } from '../../src/shared/library-cursor.ts';
import { FIRST_PAGE_SIZE, SONG_PAGE_MAX } from '../../src/shared/library-pages.ts';
import { API_CACHE } from '../../src/shared/pwa.ts';
import type { SongDto, SongPageDto } from '../../src/shared/types.ts';
import { songPaths } from '../lib/api/song-paths.ts';
import { userPaths } from '../lib/api/user.ts';

/**
 * The service worker's copy of the library: every page (GET /api/songs/page), under the very URLs
 * the library view asks for (the first page, then SONG_PAGE_MAX songs after each cursor), so offline
 * they are answered from the cache. A mark (a cache entry only, never a route) holds the copy's
 * ETag: the library's version.
 */
const COPY_MARK = `${songPaths.page(null)}/offline-copy`;
const FIRST_PAGE = songPaths.page(null);
const nextPage = (after: string) => songPaths.page(after, SONG_PAGE_MAX);

/** Whole copies tried in a row while the library keeps changing under them. */
const COPY_ATTEMPTS = 3;

let walking: Promise<void> | null = null;

/** Reads the library's pages again after `first` (the first page, fresh from the network) when the copy is older. */
export function refreshLibraryPages(first: Response): Promise<void> {
  walking ??= walk(first).finally(() => (walking = null));
  return walking;
}

async function walk(first: Response): Promise<void> {
  try {
    const cache = await caches.open(API_CACHE);
    // The library changed while it was read: its pages so far no longer chain from the first
    // page, so the copy starts again from a fresh first page (kept too), not when next asked.
    for (let attempt = 1; attempt <= COPY_ATTEMPTS; attempt++) {
      if ((await copyFrom(first, cache)) !== 'changed' || attempt === COPY_ATTEMPTS) return;
      first = await fetch(FIRST_PAGE, { credentials: 'same-origin' });
    }
  } catch {
    // offline again or the server went away: the previous copy stays
  }
}

/** One whole copy from `first`; `changed` when a page came from a newer library. */
async function copyFrom(first: Response, cache: Cache): Promise<'done' | 'changed'> {
  const etag = first.headers.get('etag');
  if (!first.ok || !etag) return 'done';
  if ((await (await cache.match(COPY_MARK))?.text()) === etag) return 'done';
  const firstPage = first.clone();
  const copied = new Set<string>();
  let next = ((await first.json()) as SongPageDto).next;
  while (next !== null) {
    const path = nextPage(next);
    const response = await fetch(path, { credentials: 'same-origin' });
    if (!response.ok) return 'done';
    if (response.headers.get('etag') !== etag) return 'changed';
    const page = (await response.clone().json()) as SongPageDto;
    // Signed out (or another account came) while it was read: the cache was emptied, keep it so.
    if (!(await cache.match(userPaths.me))) return 'done';
    await cache.put(path, response);
    copied.add(new URL(path, location.origin).href);
    next = page.next;
  }
  // Signed out while the pages were read (the cache emptied): keep it so. With no page read there
  // was no wait, and the next account's reads may not be cached yet: the first page is its own.
  if (copied.size > 0 && !(await cache.match(userPaths.me))) return 'done';
  // The first page these pages follow (the screen's may be older when the copy started again).
  await cache.put(FIRST_PAGE, firstPage);
  // Pages of older copies (cursors of an older library) go.
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (url.pathname === FIRST_PAGE && url.searchParams.has('after') && !copied.has(url.href)) await cache.delete(request);
  }
  await cache.put(COPY_MARK, new Response(etag));
  return 'done';
}

/**
 * The page `url` asks for when neither the network nor the cache has that URL (a cursor of the
 * screen's own, not the copy's): cut from the copied pages, in the same order, or null.
 */
export async function libraryPageOffline(url: URL): Promise<Response | null> {
  if (url.searchParams.has('q')) return null;
  const after = url.searchParams.get('after');
  const cursor = after === null ? null : decodeLibraryCursor(after);
  if (after !== null && cursor === null) return null;
  const size = Math.min(Number(url.searchParams.get('limit') ?? FIRST_PAGE_SIZE) || FIRST_PAGE_SIZE, SONG_PAGE_MAX);
  const cache = await caches.open(API_CACHE);
  const songs: SongDto[] = [];
  let total: number | null = null;
  // By the cursor's song, not its title: the copy is in the server's order, collation and all.
  let found = cursor === null;
  for (let path: string | null = FIRST_PAGE; path !== null && songs.length < size; ) {
    const cached = await cache.match(path, { ignoreVary: true });
    if (!cached) return null;
    const page = (await cached.json()) as SongPageDto;
    total ??= page.total;
    for (const song of page.songs) {
      if (found) songs.push(song);
      else if (song.id === cursor!.id) found = true;
    }
    path = page.next === null ? null : nextPage(page.next);
  }
  if (!found) return null;
  const rows = songs.slice(0, size);
  const last = rows.at(-1);
  const body: SongPageDto = { songs: rows, next: rows.length === size && last ? encodeLibraryCursor(last) : null, total: after === null ? total : null };
  return Response.json(body);
}
