import type { Db } from '../../../db/client.ts';
import { findSongLyrics } from '../../../db/queries/lyrics.ts';
import { EVERYONE } from '../../../db/queries/visibility.ts';
import type { LyricsDto } from '../../shared/schemas/lyrics.ts';
import { findAlbumShare, findPlaylistShare, findSongShare } from './index.ts';

export type ShareKind = 'song' | 'album' | 'playlist';

/**
 * The lyrics of a song a share link shows (the song itself, or `songId` within a shared album or
 * playlist), for guests without a session; null for every kind of "no" alike.
 */
export function findSharedLyrics(db: Db, kind: ShareKind, shareId: string, songId: number | null): LyricsDto | null {
  const songs = kind === 'song' ? [findSongShare(db, shareId)] : ((kind === 'album' ? findAlbumShare(db, shareId) : findPlaylistShare(db, shareId))?.songs ?? []);
  const song = kind === 'song' ? songs[0] : songs.find((candidate) => candidate?.id === songId);
  if (!song?.hasLyrics) return null;
  const lyrics = findSongLyrics(db, song.id, EVERYONE)?.lyrics;
  return lyrics ? { synced: lyrics.synced, lines: lyrics.lines, lang: lyrics.lang } : null;
}
