import type { RoomChangeDto, RoomStateDto } from './schemas/room.ts';

/**
 * A screen's state after one change of the room: unchanged when the change is one it already has,
 * null when a version is missing in between (the screen then asks for the whole state).
 */
export function applyRoomChange(state: RoomStateDto, change: RoomChangeDto): RoomStateDto | null {
  if (change.version <= state.version) return state;
  if (change.version !== state.version + 1) return null;
  let queue = state.queue;
  if (change.removed?.length) {
    const gone = new Set(change.removed);
    queue = queue.filter((entry) => !gone.has(entry.entryId));
  }
  if (change.added?.length) queue = [...queue, ...change.added];
  if (change.order) {
    const byId = new Map(queue.map((entry) => [entry.entryId, entry]));
    const ordered = change.order.map((entryId) => byId.get(entryId));
    // An order naming an entry this screen lacks means it missed something: catch up.
    if (ordered.length !== queue.length || ordered.some((entry) => entry === undefined)) return null;
    queue = ordered as typeof queue;
  }
  return { ...state, ...change.set, queue, version: change.version };
}
