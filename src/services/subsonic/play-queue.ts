import type { Db } from '../../../db/client.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { songDtoFromValues } from '../catalogue/dto.ts';
import { readSavedQueue, writeSavedQueue } from '../play-queue/saved-queue.ts';
import { type Marks, toChild } from './dto.ts';
import { SUBSONIC_ERROR, SubsonicError, notFound } from './errors.ts';
import type { Library } from './library.ts';
import { type Params, numericId } from './params.ts';
import type { XmlObject } from './xml.ts';
import { MAX_QUEUE_SONGS } from '../../shared/schemas/play-queue.ts';

// The play queue one person carries between devices (and the car): saved by one app, resumed by
// another or by the web player (the same record). By id (Subsonic) or by index (OpenSubsonic
// indexBasedQueue, for queues holding one song twice). An app's client name is the device.

const MAX_QUEUE = MAX_QUEUE_SONGS;

function songIdsOf(params: Params): number[] {
  const raw = params.all('id');
  if (raw.length > MAX_QUEUE) throw new SubsonicError(SUBSONIC_ERROR.generic, `A play queue holds at most ${MAX_QUEUE} songs`);
  return raw.map((value) => {
    const id = numericId(value, 'mf-', true);
    if (id === null) throw notFound('Song');
    return id;
  });
}

function save(db: Db, user: UserRow, params: Params, songIds: number[], currentIndex: number | null, now: number): XmlObject {
  const positionMs = songIds.length === 0 ? 0 : params.int('position', 0, 0, Number.MAX_SAFE_INTEGER);
  writeSavedQueue(db, user.id, { songIds, index: currentIndex, positionMs, context: null, device: params.get('c') ?? '', updatedAt: new Date(now) });
  return {};
}

export function savePlayQueue(db: Db, user: UserRow, params: Params, now: number): XmlObject {
  const songIds = songIdsOf(params);
  const current = params.get('current');
  const currentId = current === undefined ? null : numericId(current, 'mf-', true);
  const index = currentId === null ? -1 : songIds.indexOf(currentId);
  return save(db, user, params, songIds, index < 0 ? 0 : index, now);
}

export function savePlayQueueByIndex(db: Db, user: UserRow, params: Params, now: number): XmlObject {
  const songIds = songIdsOf(params);
  if (songIds.length === 0) return save(db, user, params, songIds, null, now);
  const index = params.int('currentIndex', -1, -1, MAX_QUEUE);
  if (index < 0 || index >= songIds.length) throw new SubsonicError(SUBSONIC_ERROR.missingParameter, 'currentIndex must name a song of the queue');
  return save(db, user, params, songIds, index, now);
}

/** The saved queue, without songs gone since; the current index moves to the song it named (or the next one left). */
function readQueue(db: Db, library: Library, marks: Marks, user: UserRow) {
  const queue = readSavedQueue(db, user);
  if (!queue) return null;
  const entry: XmlObject[] = queue.songs.map((values) => toChild(songDtoFromValues(values), library, marks));
  const head = { position: queue.positionMs, username: user.username, changed: queue.updatedAt.toISOString(), changedBy: queue.device };
  return { head, entry, currentIndex: queue.index };
}

/** No queue saved: an empty one (apps read `playQueue` unconditionally), as the schema allows. */
const emptyQueue = (user: UserRow) => ({ username: user.username, changed: new Date(0).toISOString(), changedBy: '' });

export function playQueue(db: Db, library: Library, marks: Marks, user: UserRow): XmlObject {
  const queue = readQueue(db, library, marks, user);
  if (!queue) return { playQueue: emptyQueue(user) };
  return { playQueue: { current: queue.entry[queue.currentIndex]!.id, ...queue.head, entry: queue.entry } };
}

export function playQueueByIndex(db: Db, library: Library, marks: Marks, user: UserRow): XmlObject {
  const queue = readQueue(db, library, marks, user);
  if (!queue) return { playQueueByIndex: emptyQueue(user) };
  return { playQueueByIndex: { currentIndex: queue.currentIndex, ...queue.head, entry: queue.entry } };
}
