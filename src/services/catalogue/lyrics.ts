import type { Db } from '../../../db/client.ts';
import { findSongLyrics, replaceSongLyrics } from '../../../db/queries/lyrics.ts';
import { NotFoundError } from '../../errors.ts';
import { hasLines, parseLyrics } from '../../shared/lyrics.ts';
import type { LyricsDto } from '../../shared/schemas/lyrics.ts';
import { SONG_NOT_FOUND } from './songs.ts';
import type { UserRow } from '../../../db/schema/index.ts';

export const LYRICS_NOT_FOUND = 'This song has no lyrics';

type Viewer = Pick<UserRow, 'isAdmin' | 'restrictClean' | 'restrictAlbumIds'>;

/** A song's lyrics for a viewer: members see those of published songs, admins of any song. */
export function songLyricsFor(db: Db, songId: number, viewer: Viewer): LyricsDto {
  const found = findSongLyrics(db, songId, viewer);
  if (!found || (!viewer.isAdmin && (found.status !== 'published' || found.trashed))) throw new NotFoundError(SONG_NOT_FOUND);
  if (!found.lyrics) throw new NotFoundError(LYRICS_NOT_FOUND);
  const { synced, lines, lang } = found.lyrics;
  return { synced, lines, lang };
}

/** An admin's pasted LRC or plain text, parsed and stored as plain text; nothing left removes them. */
export function editSongLyrics(db: Db, songId: number, text: string): LyricsDto | null {
  const lyrics = parseLyrics(text);
  const kept = hasLines(lyrics) ? lyrics : null;
  if (!replaceSongLyrics(db, songId, kept && { ...kept, source: 'admin' })) throw new NotFoundError(SONG_NOT_FOUND);
  return kept;
}
