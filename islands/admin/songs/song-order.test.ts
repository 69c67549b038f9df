import { expect, test } from 'bun:test';
import { addTag } from './tag-input.tsx';
import { allVisibleSelected, selectedInOrder, toggleId, withoutIds } from './selection.ts';

test('selection: toggling, the visible selected ids in display order, all selected, dropping done ids', () => {
  let selected: ReadonlySet<number> = new Set();
  selected = toggleId(toggleId(toggleId(selected, 3), 1), 9);
  expect([...selected]).toEqual([3, 1, 9]);
  const visible = [4, 2, 3, 1]; // the list's order, as the server gives its ids
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
