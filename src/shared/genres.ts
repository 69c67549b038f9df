import { cleanText } from './text.ts';

/** At most this many genres per song, each at most this long (tags are text from anywhere). */
export const MAX_GENRES = 10;
export const MAX_GENRE_LENGTH = 100;

// `;` `/` `,` `|` and NUL (ID3v2.4's list separator) part genres; `&`, `+` and "and" never do,
// so "Rock & Roll" and "Drum & Bass" stay whole.
const SEPARATORS = /[;/,|\0]/;

/**
 * Genre text as stored: split on the separators above, cleaned like every name, empty ones
 * dropped, the first spelling kept when two differ only in case, capped in count and length.
 */
export function splitGenres(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const genres: string[] = [];
  for (const value of values) {
    for (const part of value.split(SEPARATORS)) {
      const genre = cleanText(part).replace(/\s+/g, ' ').slice(0, MAX_GENRE_LENGTH).trim();
      const key = genre.toLowerCase();
      if (genre === '' || seen.has(key)) continue;
      seen.add(key);
      genres.push(genre);
      if (genres.length === MAX_GENRES) return genres;
    }
  }
  return genres;
}

/** The years a song may have (media/metadata.ts reads the same range from tags). */
export const SONG_YEARS = { min: 1000, max: 2999 };
