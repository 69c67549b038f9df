import type { Db } from '../../../db/client.ts';
import { countPublishedSongs, inReadSnapshot, listPublishedSongValuesAfter } from '../../../db/queries/songs.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';
import { BadRequestError } from '../../errors.ts';
import { FIRST_PAGE_SIZE, SONG_PAGE_MAX } from '../../shared/library-pages.ts';
import type { SongPageDto } from '../../shared/schemas/song.ts';
import { songDtoFromValues } from './dto.ts';

export const BAD_CURSOR = 'This page of the library does not exist';

interface Cursor {
  title: string;
  id: number;
}

// The cursor is the last song's title and id (keyset), opaque to clients: base64url JSON.
const encodeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify([cursor.title, cursor.id])).toString('base64url');

function decodeCursor(raw: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && Number.isSafeInteger(value[1])) {
      return { title: value[0], id: value[1] as number };
    }
  } catch {
    // not JSON: refused below
  }
  throw new BadRequestError(BAD_CURSOR);
}

/** GET /api/songs/page: the library (as GET /api/songs) a page at a time, by keyset. */
export function libraryPage(db: Db, viewer: Viewer, after: string | undefined, limit: number | undefined): SongPageDto {
  const size = Math.min(limit ?? FIRST_PAGE_SIZE, SONG_PAGE_MAX);
  const cursor = after === undefined ? null : decodeCursor(after);
  // Rows and count from one snapshot, so the first page's total matches what the pages hold.
  const { songs, total } = inReadSnapshot(db, () => ({
    songs: listPublishedSongValuesAfter(db, viewer, cursor, size).map(songDtoFromValues),
    total: cursor === null ? countPublishedSongs(db, viewer) : null,
  }));
  const last = songs.at(-1);
  return { songs, next: songs.length === size && last ? encodeCursor(last) : null, total };
}
