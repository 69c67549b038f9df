import { expect, test } from 'bun:test';
import { MAX_GENRES, MAX_GENRE_LENGTH, splitGenres } from './genres.ts';

test('splits on ; / , | and NUL, never on & or "and"; trims and cleans', () => {
  expect(splitGenres(['Rock & Roll; Jazz/Blues, Drum and Bass | Soul\0Funk'])).toEqual(['Rock & Roll', 'Jazz', 'Blues', 'Drum and Bass', 'Soul', 'Funk']);
  expect(splitGenres(['  Pop\u202e  ', ' ; ,', ''])).toEqual(['Pop']);
});

test('the first spelling wins over case variants, across several tag values', () => {
  expect(splitGenres(['Hip-Hop', 'hip-hop; ROCK', 'Rock'])).toEqual(['Hip-Hop', 'ROCK']);
});

test('count and length are capped', () => {
  expect(splitGenres([Array.from({ length: 30 }, (_, i) => `G${i}`).join(';')])).toHaveLength(MAX_GENRES);
  expect(splitGenres(['x'.repeat(500)])[0]).toHaveLength(MAX_GENRE_LENGTH);
});
