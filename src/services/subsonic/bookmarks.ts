import type { Db } from '../../../db/client.ts';
import { deleteBookmark as removeBookmark, listBookmarks, saveBookmark } from '../../../db/queries/phone-apps.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { songDtoFromValues } from '../catalogue/dto.ts';
import { requireVisibleSong } from './browse.ts';
import { notFound } from './errors.ts';
import { type Marks, toChild } from './dto.ts';
import type { Library } from './library.ts';
import { type Params, numericId } from './params.ts';
import type { XmlObject } from './xml.ts';

// Bookmarks: a remembered position in a song, one per user and song, for songs the family can hear.

export function bookmarks(db: Db, library: Library, marks: Marks, user: UserRow): XmlObject {
  const rows = listBookmarks(db, user.id);
  const visible = new Map(listVisibleSongValuesByIds(db, user, rows.map((row) => row.songId)).map((values) => [values[0], values]));
  const bookmark = rows.flatMap((row) => {
    const values = visible.get(row.songId);
    if (!values) return [];
    const entry = toChild(songDtoFromValues(values), library, marks);
    return [{ position: row.positionMs, username: user.username, comment: row.comment ?? undefined, created: row.createdAt.toISOString(), changed: row.updatedAt.toISOString(), entry }];
  });
  return { bookmarks: { bookmark } };
}

export function createBookmark(db: Db, user: UserRow, params: Params, now: number): XmlObject {
  const { song } = requireVisibleSong(db, user, params.required('id'));
  params.required('position');
  const position = params.int('position', 0, 0, Number.MAX_SAFE_INTEGER);
  const comment = params.get('comment')?.slice(0, 500) || null;
  saveBookmark(db, user.id, song.id, position, comment, new Date(now));
  return {};
}

/** Also for a song since hidden (unpublished, in Deleted): its bookmark must still be removable. */
export function deleteBookmark(db: Db, user: UserRow, params: Params): XmlObject {
  const id = numericId(params.required('id'), 'mf-', true);
  if (id === null) throw notFound('Song');
  removeBookmark(db, user.id, id);
  return {};
}
