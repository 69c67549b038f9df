import { expect, test } from 'bun:test';
import { ApiError } from '../lib/api/request.ts';
import { albumSubtitle, failureText, songCount, sortAlbums, totalDuration } from './album-text.ts';

test('albums sort by name ignoring case, numbers in order, ties by age', () => {
  const names = (list: { id: number; name: string }[]) => sortAlbums(list).map((album) => `${album.name}#${album.id}`);
  expect(names([
    { id: 1, name: 'banana' },
    { id: 2, name: 'Apple' },
    { id: 3, name: 'cherry' },
    { id: 4, name: 'Volume 10' },
    { id: 5, name: 'Volume 2' },
    { id: 7, name: 'apple' },
    { id: 6, name: 'Apple' },
  ])).toEqual(['Apple#2', 'Apple#6', 'apple#7', 'banana#1', 'cherry#3', 'Volume 2#5', 'Volume 10#4']);
});

test('counts and lengths read naturally', () => {
  expect([songCount(0), songCount(1), songCount(12)]).toEqual(['0 songs', '1 song', '12 songs']);
  expect([totalDuration(0), totalDuration(45.4), totalDuration(89), totalDuration(2580), totalDuration(3600), totalDuration(3900)]).toEqual([
    '0 sec',
    '45 sec',
    '1 min',
    '43 min',
    '1 hr',
    '1 hr 5 min',
  ]);
});

test("the server's message wins; anything else gets the fallback", () => {
  expect(failureText(new ApiError(409, 'Taken'), 'fallback')).toBe('Taken');
  expect(failureText(new ApiError(500, ''), 'fallback')).toBe('fallback');
  expect(failureText(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
});

test("an album's subtitle: the latest year and the first genre most songs have", () => {
  expect(albumSubtitle([
    { year: 1975, genres: ['Rock & Roll', 'Blues'] },
    { year: 1977, genres: ['rock & roll'] },
    { year: null, genres: ['Blues'] },
  ])).toBe('1977 • Rock & Roll');
  expect(albumSubtitle([{ year: 2001, genres: [] }])).toBe('2001');
  expect(albumSubtitle([{ year: null, genres: ['Folk'] }])).toBe('Folk');
  expect(albumSubtitle([{ year: null, genres: [] }])).toBe('');
});
