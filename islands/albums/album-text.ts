import type { AlbumDto, SongDto } from '../../src/shared/types.ts';
import { ApiError } from '../lib/api/request.ts';

/** Case-insensitive (accents still count), so "apple" and "Banana" sort as a person expects. */
const collator = new Intl.Collator(undefined, { sensitivity: 'accent', numeric: true });

/** Albums by name, case-insensitively; equal names keep the older album first. */
export function sortAlbums<T extends Pick<AlbumDto, 'id' | 'name'>>(albums: readonly T[]): T[] {
  return [...albums].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}

/** "1 song", "12 songs". */
export const songCount = (count: number) => `${count} ${count === 1 ? 'song' : 'songs'}`;

/** An album's total length for its header: "45 sec", "43 min", "1 hr 5 min". */
export function totalDuration(seconds: number): string {
  const whole = Math.round(Number.isFinite(seconds) && seconds > 0 ? seconds : 0);
  if (whole < 60) return `${whole} sec`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} hr ${rest} min` : `${minutes / 60} hr`;
}

/**
 * An album's year and genre for its header ("1977 • Rock & Roll"): the latest year of its songs
 * and the first genre most of them have (as the phone apps see the album); '' when neither.
 */
export function albumSubtitle(songs: readonly Pick<SongDto, 'year' | 'genres'>[]): string {
  let year: number | null = null;
  const genres = new Map<string, [string, number]>();
  for (const song of songs) {
    if (song.year !== null && (year === null || song.year > year)) year = song.year;
    const genre = song.genres[0];
    if (!genre) continue;
    const seen = genres.get(genre.toLowerCase());
    if (seen) seen[1] += 1;
    else genres.set(genre.toLowerCase(), [genre, 1]);
  }
  let genre: [string, number] | null = null;
  for (const found of genres.values()) if (!genre || found[1] > genre[1]) genre = found;
  return [year === null ? null : String(year), genre?.[0] ?? null].filter((part) => part !== null).join(' • ');
}

/**
 * The server's message when it answered with one, else the product's fallback text
 * (a request that never reached the server has no message of the server's).
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
