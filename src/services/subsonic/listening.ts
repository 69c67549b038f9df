import type { Db } from '../../../db/client.ts';
import { addStar, countPlay, listRecentlyPlayed, listStars, removeStar } from '../../../db/queries/listening.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import type { RecentPlayDto, SongDto } from '../../shared/types.ts';
import { songDtoFromValues } from '../catalogue/dto.ts';
import { requireVisibleSongFor } from '../catalogue/songs.ts';
import type { UserRow } from '../../../db/schema/index.ts';

// The web app's side of plays and favourites: the same rows the Subsonic API's scrobble and
// star write, so a song starred on the phone is a favourite in the browser and back.

const RECENTLY_PLAYED_LIMIT = 50;

/** Favourites: the user's starred songs the family can still hear, most recently starred first. */
export function favouriteSongs(db: Db, user: UserRow): SongDto[] {
  const ids = listStars(db, user.id)
    .filter((star) => star.kind === 'song')
    .map((star) => Number(star.itemId));
  return listVisibleSongValuesByIds(db, user, ids).map(songDtoFromValues);
}

/** Stars a published, live song (404 otherwise, admins included); starring twice is one star. */
export function starSong(db: Db, user: UserRow, songId: number, now: number): void {
  requireVisibleSongFor(db, songId, user);
  addStar(db, user.id, 'song', String(songId), now);
}

export function unstarSong(db: Db, userId: number, songId: number): void {
  removeStar(db, userId, 'song', String(songId));
}

/** The web player's counted play (past half the song or 4 minutes, judged by the player). */
export function recordPlay(db: Db, user: UserRow, songId: number, now: number): void {
  requireVisibleSongFor(db, songId, user);
  countPlay(db, user.id, songId, now);
}

export function recentlyPlayed(db: Db, user: UserRow): RecentPlayDto[] {
  return listRecentlyPlayed(db, user, user.id, RECENTLY_PLAYED_LIMIT).map((row) => ({
    song: songDtoFromValues(row.song),
    playCount: row.playCount,
    lastPlayedAt: new Date(row.lastPlayedAt).toISOString(),
  }));
}
