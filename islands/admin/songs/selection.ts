import { useCallback, useMemo, useState } from 'react';

/**
 * Which songs are ticked. The set may hold songs the current album filter hides; only the
 * visible ones count (`selectedInOrder`), so a bulk action never touches a song out of sight.
 * Visible means in the list's order (its ids), loaded on screen or not.
 */
export function toggleId(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** The visible selected ids in display order: bulk chunks number songs as the list shows them. */
export function selectedInOrder(visible: readonly number[], selected: ReadonlySet<number>): number[] {
  if (selected.size === 0) return [];
  const ids: number[] = [];
  for (const id of visible) if (selected.has(id)) ids.push(id);
  return ids;
}

export const allVisibleSelected = (visible: readonly number[], inOrder: readonly number[]) => visible.length > 0 && inOrder.length === visible.length;

export function withoutIds(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const next = new Set(selected);
  for (const id of ids) next.delete(id);
  return next;
}

export function useSelection(visible: readonly number[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const ids = useMemo(() => selectedInOrder(visible, selected), [visible, selected]);
  const toggle = useCallback((id: number) => setSelected((current) => toggleId(current, id)), []);
  const selectAll = useCallback(() => setSelected(new Set(visible)), [visible]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const drop = useCallback((done: readonly number[]) => setSelected((current) => withoutIds(current, done)), []);
  return { selected, ids, allSelected: allVisibleSelected(visible, ids), toggle, selectAll, clear, drop };
}
