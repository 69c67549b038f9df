import type { Db } from '../../../db/client.ts';
import { clearPlayQueue, findPlayQueue, savePlayQueue } from '../../../db/queries/phone-apps.ts';
import type { SongValues } from '../../../db/queries/song-values.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';
import { PLAY_QUEUE_CONTEXTS } from '../../shared/schemas/play-queue.ts';

// The one play queue a person carries between devices: the web player and the Subsonic apps read
// and write this same record. Songs the family can no longer hear drop out when it is read.

/** A person and what they may see (the visibility rule drops the rest from their queue). */
export type Member = Viewer & { id: number };

export type QueueContext = (typeof PLAY_QUEUE_CONTEXTS)[number];

export interface SavedQueue {
  /** The songs still visible, in order, with their ids. */
  songs: SongValues[];
  songIds: number[];
  /** Index into `songs`: the saved song, or the next one left when it has gone. */
  index: number;
  positionMs: number;
  context: QueueContext | null;
  /** The device (a Subsonic app's client name) that saved it last. */
  device: string;
  updatedAt: Date;
}

export interface QueueWrite {
  songIds: number[];
  index: number | null;
  positionMs: number;
  context: QueueContext | null;
  device: string;
  updatedAt: Date;
}

const contextOf = (value: unknown): QueueContext | null => (PLAY_QUEUE_CONTEXTS as readonly unknown[]).includes(value) ? (value as QueueContext) : null;

/** The saved queue without the songs gone since, or null when none is saved (or none is left). */
export function readSavedQueue(db: Db, user: Member): SavedQueue | null {
  const row = findPlayQueue(db, user.id);
  if (!row) return null;
  const visible = new Map(listVisibleSongValuesByIds(db, user, [...new Set(row.songIds)]).map((values) => [values[0], values]));
  const songs: SongValues[] = [];
  let index: number | undefined;
  row.songIds.forEach((songId, at) => {
    const values = visible.get(songId);
    if (!values) return;
    if (index === undefined && row.currentIndex !== null && at >= row.currentIndex) index = songs.length;
    songs.push(values);
  });
  if (songs.length === 0) return null;
  return {
    songs,
    songIds: songs.map((values) => values[0]),
    index: index ?? 0,
    positionMs: row.positionMs,
    context: contextOf(row.context),
    device: row.changedBy,
    updatedAt: row.updatedAt,
  };
}

/** Replaces the saved queue; an empty one clears it. */
export function writeSavedQueue(db: Db, userId: number, queue: QueueWrite): void {
  if (queue.songIds.length === 0) return clearPlayQueue(db, userId);
  savePlayQueue(db, {
    userId,
    songIds: queue.songIds,
    currentIndex: queue.index,
    positionMs: queue.positionMs,
    context: queue.context,
    changedBy: queue.device.slice(0, 64),
    updatedAt: queue.updatedAt,
  });
}

/**
 * The web player's save: refused when the saved queue is newer (another device, or a phone app,
 * saved since), and then the queue that stays is returned. A device clock ahead of the server's
 * counts as now, so it cannot lock the other devices out.
 */
export function saveUnlessOlder(db: Db, user: Member, queue: QueueWrite, now: number): { saved: true } | { saved: false; current: SavedQueue | null } {
  const updatedAt = new Date(Math.min(queue.updatedAt.getTime(), now));
  const stored = findPlayQueue(db, user.id);
  if (stored && stored.updatedAt.getTime() > updatedAt.getTime()) return { saved: false, current: readSavedQueue(db, user) };
  writeSavedQueue(db, user.id, { ...queue, updatedAt });
  return { saved: true };
}
