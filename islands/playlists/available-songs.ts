import type { SongDto } from '../../src/shared/types.ts';

/** A song with its search text lowered once, so each keystroke only compares strings. */
export interface SearchableSong {
  song: SongDto;
  text: string;
}

/**
 * The add-songs dialog offers published songs only. Title and artist are joined by a
 * newline, which a typed query cannot contain, so a match never spans the two.
 */
export function searchableSongs(songs: readonly SongDto[]): SearchableSong[] {
  const out: SearchableSong[] = [];
  for (const song of songs) {
    if (song.status !== 'published') continue;
    out.push({ song, text: `${song.title}\n${song.artist ?? ''}`.toLowerCase() });
  }
  return out;
}

/**
 * The songs to offer: not excluded (already in the playlist, or just added and hidden) and,
 * for a non-blank query, containing it case-insensitively in the title or the artist.
 */
export function filterSongs(songs: readonly SearchableSong[], query: string, excluded: (id: number) => boolean): SongDto[] {
  const needle = query.trim().toLowerCase();
  const out: SongDto[] = [];
  for (const { song, text } of songs) {
    if (excluded(song.id)) continue;
    if (needle && !text.includes(needle)) continue;
    out.push(song);
  }
  return out;
}
