import { expect, test } from 'bun:test';
import type { SongDto } from '../../../src/shared/types.ts';
import { orderSongs } from './song-order.ts';
import { addTag } from './tag-input.tsx';
import { allVisibleSelected, selectedInOrder, toggleId, withoutIds } from './selection.ts';

const song = (id: number, title: string, albumId: number | null, status: SongDto['status'], createdAt: string) =>
  ({ id, title, albumId, status, createdAt }) as SongDto;
const songs = [
  song(1, 'banana', 7, 'published', '2026-01-01T00:00:00.000Z'),
  song(2, 'Apple', null, 'pending', '2026-01-03T00:00:00.000Z'),
  song(3, 'cherry', 7, 'pending', '2026-01-02T00:00:00.000Z'),
  song(4, 'apple', 8, 'published', '2026-01-03T00:00:00.000Z'),
];
const ids = (list: SongDto[]) => list.map((s) => s.id);

test('album filter: all, none, one album; the input list is never reordered', () => {
  expect(ids(orderSongs(songs, 'all', 'alphabetical'))).toEqual([2, 4, 1, 3]);
  expect(ids(orderSongs(songs, 'none', 'recent'))).toEqual([2]);
  expect(ids(orderSongs(songs, '7', 'recent'))).toEqual([3, 1]);
  expect(ids(orderSongs(songs, '9', 'recent'))).toEqual([]);
  expect(ids(songs)).toEqual([1, 2, 3, 4]);
});

test('sorts: newest first (ties by id), pending before published, titles ignoring case', () => {
  expect(ids(orderSongs(songs, 'all', 'recent'))).toEqual([4, 2, 3, 1]);
  expect(ids(orderSongs(songs, 'all', 'status'))).toEqual([2, 3, 4, 1]);
  expect(ids(orderSongs(songs, 'all', 'alphabetical'))).toEqual([2, 4, 1, 3]);
});

test('selection: toggling, the visible selected ids in display order, all selected, dropping done ids', () => {
  let selected: ReadonlySet<number> = new Set();
  selected = toggleId(toggleId(toggleId(selected, 3), 1), 9);
  expect([...selected]).toEqual([3, 1, 9]);
  const visible = ids(orderSongs(songs, 'all', 'recent'));
  expect(selectedInOrder(visible, selected)).toEqual([3, 1]);
  expect(allVisibleSelected(visible, selectedInOrder(visible, selected))).toBe(false);
  const all = new Set(visible);
  expect(allVisibleSelected(visible, selectedInOrder(visible, all))).toBe(true);
  expect(allVisibleSelected([], [])).toBe(false);
  expect([...withoutIds(all, [4, 1])]).toEqual([2, 3]);
  expect([...toggleId(all, 2)]).toEqual([4, 3, 1]);
});

test('a tag is added when non-empty after trimming and not already present (ignoring case)', () => {
  const tags = ['lullaby'];
  expect(addTag(tags, '  calm ')).toEqual(['lullaby', 'calm']);
  expect(addTag(tags, '   ')).toBe(tags);
  expect(addTag(tags, 'Lullaby ')).toBe(tags);
});
