import type { Db } from '../../../db/client.ts';
import { searchVisibleSongValues } from '../../../db/queries/search.ts';
import type { SongDto } from '../../shared/types.ts';
import { songDtoFromValues } from './dto.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';

const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;
// Word characters as FTS5's unicode61 tokenizer sees them (letters, digits, marks); all else separates.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Turns what a person typed into a safe FTS5 expression: every word becomes a quoted prefix
 * term ("word"*), joined by AND. Quotes, parentheses, *, NEAR, OR, -, ^ and : are separators
 * or plain words, never syntax. Returns null when nothing searchable remains.
 */
export function toMatchExpression(query: string): string | null {
  const words = query.slice(0, 1000).match(WORD) ?? [];
  const terms = words.slice(0, MAX_TERMS).map((word) => `"${word.slice(0, MAX_TERM_LENGTH)}"*`);
  return terms.length > 0 ? terms.join(' AND ') : null;
}

/** GET /api/search: published, live songs matching every word by prefix, best first. */
export function searchSongs(db: Db, query: string | undefined, viewer: Viewer): { songs: SongDto[] } {
  const match = toMatchExpression(query ?? '');
  if (!match) return { songs: [] };
  return { songs: searchVisibleSongValues(db, match, viewer).map(songDtoFromValues) };
}
