import type { Db } from '../../../db/client.ts';
import { deleteBookmark, listBookmarks, saveBookmarkPosition } from '../../../db/queries/phone-apps.ts';
import { SONG_VALUE_AT } from '../../../db/queries/song-values.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import { NotFoundError } from '../../errors.ts';
import { isFinished } from '../../shared/continue-listening.ts';
import type { BookmarkDto } from '../../shared/schemas/bookmark.ts';
import type { Member } from './saved-queue.ts';
import { songDtoFromValues } from '../catalogue/dto.ts';
import { SONG_NOT_FOUND } from '../catalogue/songs.ts';

// Continue listening: a position per person and song, in the bookmarks the Subsonic apps share.
// A position near the end means the song was finished, so its bookmark goes.

/** The person's unfinished bookmarks of songs the family can hear, newest first. */
export function continueListening(db: Db, user: Member): BookmarkDto[] {
  const rows = listBookmarks(db, user.id);
  const visible = new Map(listVisibleSongValuesByIds(db, user, rows.map((row) => row.songId)).map((values) => [values[0], values]));
  return rows.flatMap((row) => {
    const values = visible.get(row.songId);
    if (!values || isFinished(row.positionMs / 1000, values[SONG_VALUE_AT.duration] as number)) return [];
    return [{ song: songDtoFromValues(values), positionMs: row.positionMs, updatedAt: row.updatedAt.toISOString() }];
  });
}

/** Keeps the position in a song the family can hear (404 otherwise); near its end, forgets it. */
export function saveListeningPosition(db: Db, user: Member, songId: number, positionMs: number, now: number): void {
  const values = listVisibleSongValuesByIds(db, user, [songId])[0];
  if (!values) throw new NotFoundError(SONG_NOT_FOUND);
  if (isFinished(positionMs / 1000, values[SONG_VALUE_AT.duration] as number)) deleteBookmark(db, user.id, songId);
  else saveBookmarkPosition(db, user.id, songId, positionMs, new Date(now));
}
