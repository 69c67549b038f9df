/**
 * The library pages' cursor (GET /api/songs/page): the last song's title and id, as base64url
 * JSON. Shared by the server and the service worker (which answers pages offline), so no Buffer.
 */

/** A title longer than this is cut in the cursor (a URL past 16 KiB is refused): see libraryPage. */
export const CURSOR_TITLE_MAX = 200;
export interface LibraryCursor {
  title: string;
  id: number;
}

export function encodeLibraryCursor(cursor: LibraryCursor): string {
  // Cut before a surrogate pair rather than through it (a lone half would not survive UTF-8).
  let cut = Math.min(cursor.title.length, CURSOR_TITLE_MAX);
  if (cut < cursor.title.length && /[\uD800-\uDBFF]/.test(cursor.title[cut - 1]!)) cut -= 1;
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.title.slice(0, cut), cursor.id]));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor `raw` holds, or null when it is not one. */
export function decodeLibraryCursor(raw: string): LibraryCursor | null {
  try {
    const binary = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && Number.isSafeInteger(value[1])) {
      return { title: value[0], id: value[1] as number };
    }
  } catch {
    // not base64 or not JSON: not a cursor
  }
  return null;
}
