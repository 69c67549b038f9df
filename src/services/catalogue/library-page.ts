import type { Db } from '../../../db/client.ts';
import {
  countPublishedSongs,
  countPublishedSongsMatching,
  inReadSnapshot,
  listPublishedSongValuesAfter,
  listVisibleSongValuesByIds,
  searchPublishedSongValuesAfter,
  songTitleOf,
} from '../../../db/queries/songs.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';
import { BadRequestError } from '../../errors.ts';
import { CURSOR_TITLE_MAX, type LibraryCursor, decodeLibraryCursor, encodeLibraryCursor } from '../../shared/library-cursor.ts';
import { FIRST_PAGE_SIZE, SONG_PAGE_MAX } from '../../shared/library-pages.ts';
import type { SongPageDto } from '../../shared/schemas/song.ts';
import type { SongDto } from '../../shared/types.ts';
import { songDtoFromValues } from './dto.ts';

export const BAD_CURSOR = 'This page of the library does not exist';

/**
 * A cursor's title may be cut (CURSOR_TITLE_MAX): its song's title, while it still starts so.
 * (Renamed meanwhile, the cut title stands: songs that start with it may show a second time.)
 */
function wholeTitle(db: Db, cursor: LibraryCursor): LibraryCursor {
  if (cursor.title.length < CURSOR_TITLE_MAX - 1) return cursor;
  const title = songTitleOf(db, cursor.id);
  return title?.startsWith(cursor.title) ? { title, id: cursor.id } : cursor;
}

/**
 * GET /api/songs/page: the library (as GET /api/songs) a page at a time, by keyset; with `search`,
 * only songs whose title or artist contains it, ignoring case (the playlist's Add Songs dialog).
 */
export function libraryPage(db: Db, viewer: Viewer, after: string | undefined, limit: number | undefined, search = ''): SongPageDto {
  const size = Math.min(limit ?? FIRST_PAGE_SIZE, SONG_PAGE_MAX);
  const cursor = after === undefined ? null : decodeLibraryCursor(after);
  if (cursor === null && after !== undefined) throw new BadRequestError(BAD_CURSOR);
  // Rows and count from one snapshot, so the first page's total matches what the pages hold.
  const needle = search.trim();
  const { songs, total } = inReadSnapshot(db, () => {
    const from = cursor && wholeTitle(db, cursor);
    const values = needle ? searchPublishedSongValuesAfter(db, viewer, needle, from, size) : listPublishedSongValuesAfter(db, viewer, from, size);
    const first = cursor === null;
    return { songs: values.map(songDtoFromValues), total: !first ? null : needle ? countPublishedSongsMatching(db, viewer, needle) : countPublishedSongs(db, viewer) };
  });
  const last = songs.at(-1);
  return { songs, next: songs.length === size && last ? encodeLibraryCursor(last) : null, total };
}

/** GET /api/songs/visible?ids=: which of these songs the viewer's library holds now (the offline music's sync). */
export function visibleSongs(db: Db, viewer: Viewer, ids: string): SongDto[] {
  return listVisibleSongValuesByIds(db, viewer, ids.split(',').map(Number)).map(songDtoFromValues);
}
