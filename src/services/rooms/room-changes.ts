import type { RoomChangeDto, RoomEntryDto, RoomSummaryDto } from '../../shared/schemas/room.ts';
import { type Room, entryDto } from './room.ts';

/** A room as it was before a change: its queue's entry ids and the rest of its state. */
export interface RoomMark {
  entryIds: string[];
  summary: RoomSummaryDto;
}

export function markRoom(room: Room): RoomMark {
  return { entryIds: room.queue.map((entry) => entry.entryId), summary: room.summary() };
}

/**
 * What changed since `before`, as screens apply it (src/shared/room-changes.ts): a few entries
 * and fields rather than the whole queue, so a change stays small at thousands of songs.
 */
export function changeSince(before: RoomMark, room: Room): RoomChangeDto {
  const change: RoomChangeDto = { version: room.version };
  const now = new Set(room.queue.map((entry) => entry.entryId));
  const was = new Set(before.entryIds);
  const removed = before.entryIds.filter((entryId) => !now.has(entryId));
  const added: RoomEntryDto[] = room.queue.filter((entry) => !was.has(entry.entryId)).map(entryDto);
  if (removed.length > 0) change.removed = removed;
  if (added.length > 0) change.added = added;
  // The order only when the screens could not tell it: the old order less the removed, then the added.
  const expected = [...before.entryIds.filter((entryId) => now.has(entryId)), ...added.map((entry) => entry.entryId)];
  if (expected.some((entryId, at) => room.queue[at]!.entryId !== entryId)) change.order = room.queue.map((entry) => entry.entryId);
  const after = room.summary();
  const set: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof RoomSummaryDto)[]) {
    if (key === 'version' || key === 'code' || key === 'host') continue;
    if (JSON.stringify(after[key]) !== JSON.stringify(before.summary[key])) set[key] = after[key];
  }
  if (Object.keys(set).length > 0) change.set = set as RoomChangeDto['set'];
  return change;
}
