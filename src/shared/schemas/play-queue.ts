import { type Static, Type } from '@sinclair/typebox';
import { nullable, oneOf, rowId } from './common.ts';
import { songSchema } from './song.ts';

/** Where the web player started the queue from (the player's PlayContext); phone apps save none. */
export const PLAY_QUEUE_CONTEXTS = ['library', 'search', 'album', 'playlist'] as const;
/** As many songs as a Subsonic app may save in one queue. */
export const MAX_QUEUE_SONGS = 10_000;

/** `PUT /api/play-queue`: the whole queue, the song playing, where in it, when and on which device. */
export const playQueueBody = Type.Object({
  songIds: Type.Array(rowId(), { maxItems: MAX_QUEUE_SONGS, error: `songIds must be at most ${MAX_QUEUE_SONGS} song ids` }),
  index: Type.Integer({ minimum: 0, error: 'index must be a position in songIds' }),
  positionMs: Type.Integer({ minimum: 0, error: 'positionMs must be a whole number of milliseconds' }),
  context: nullable(oneOf(PLAY_QUEUE_CONTEXTS)),
  // Milliseconds since 1970 on the device, when the listener last changed the queue or position.
  updatedAt: Type.Integer({ minimum: 0, error: 'updatedAt must be a time in milliseconds' }),
  device: Type.String({ minLength: 1, maxLength: 64, error: 'device must be 1 to 64 characters' }),
});
export type PlayQueueSave = Static<typeof playQueueBody>;

/** `GET /api/play-queue`: the saved queue (empty, updatedAt 0, when none), with the songs still there. */
export const playQueueSchema = Type.Object({
  songIds: Type.Array(Type.Number()),
  songs: Type.Array(songSchema),
  index: Type.Number(),
  positionMs: Type.Number(),
  context: nullable(oneOf(PLAY_QUEUE_CONTEXTS)),
  updatedAt: Type.Number(),
  device: Type.String(),
});
export type PlayQueueDto = Static<typeof playQueueSchema>;

/** A save older than the saved queue: refused (409) with the queue that stays. */
export const playQueueConflictSchema = Type.Object({ error: Type.String(), queue: playQueueSchema });
