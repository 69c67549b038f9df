/**
 * Which requests the service worker keeps (islands/pwa/service-worker.ts) and which pages work
 * online only; apart from src/shared/pwa.ts so the first load carries none of it.
 */
/** The API reads the library, albums, playlists and search make: kept for offline use. */
const CACHED_READS = [
  /^\/api\/user$/,
  /^\/api\/songs\/page$/,
  /^\/api\/albums(\/[^/]+(\/songs)?)?$/,
  /^\/api\/playlists(\/[^/]+(\/songs)?)?$/,
  /^\/api\/search$/,
];

export function isCachedApiRead(pathname: string): boolean {
  return CACHED_READS.some((pattern) => pattern.test(pathname));
}

/** A search's reads: the search screen's answers and Add Songs' searched pages of the library. */
export function isSearchRead(url: URL): boolean {
  return url.pathname === '/api/search' || (url.pathname === '/api/songs/page' && url.searchParams.has('q'));
}

/** Share pages and the Share Audio page work online only. */
export function isOnlineOnlyPage(pathname: string): boolean {
  return pathname === '/share' || pathname.startsWith('/share/');
}
