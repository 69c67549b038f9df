import { BadRequestError } from '../../errors.ts';
import { cleanText } from '../../shared/text.ts';

export const NAME_MAX = 200;
export const TITLE_MAX = 500;
export const TAG_MAX = 100;
export const TAGS_MAX = 50;

/**
 * A name cleaned (NFC, no control or bidi characters, trimmed): blank is 400, whatever the
 * client sent (the client trims too).
 */
export function requireName(raw: string, what: string, max = NAME_MAX): string {
  const name = cleanText(raw);
  if (name.length === 0) throw new BadRequestError(`${what} cannot be empty`);
  if (name.length > max) throw new BadRequestError(`${what} must be at most ${max} characters`);
  return name;
}

/** Tags cleaned like names, empty ones dropped, duplicates (ignoring case) dropped keeping the first. */
export function normalizeTags(raw: string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of raw) {
    const tag = cleanText(value);
    if (tag.length === 0 || seen.has(tag.toLowerCase())) continue;
    if (tag.length > TAG_MAX) throw new BadRequestError(`A tag must be at most ${TAG_MAX} characters`);
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.length > TAGS_MAX) throw new BadRequestError(`A song can have at most ${TAGS_MAX} tags`);
  return tags;
}

// Only our own image store: no other origins, no protocol tricks, no climbing out of it.
const ARTWORK_PATTERN = /^\/objects\/[A-Za-z0-9._/-]+$/;

export function requireArtworkUrl(raw: string | null): string | null {
  if (raw === null) return null;
  if (raw.length > 500 || !ARTWORK_PATTERN.test(raw) || raw.includes('..') || raw.includes('//')) {
    throw new BadRequestError('artworkUrl must be an image path under /objects/');
  }
  return raw;
}
