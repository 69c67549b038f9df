import { type Static, Type } from '@sinclair/typebox';
import { nullable, rowId } from './common.ts';

/** Limits a host sets: a guest's adds per minute and songs waiting in the queue at once. */
export const ROOM_LIMITS = { addsPerMinute: { min: 1, max: 60, initial: 10 }, songsPerGuest: { min: 1, max: 200, initial: 25 } } as const;
export const GUEST_NAME_MAX = 40;

/** `POST /api/rooms`: the host's queue (song ids, in order) becomes the room's queue, the first song from `positionMs` on. */
export const createRoomBody = Type.Object({
  songIds: Type.Optional(Type.Array(rowId(), { maxItems: 500 })),
  positionMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400_000 })),
});
export type CreateRoomRequest = Static<typeof createRoomBody>;
export const createdRoomSchema = Type.Object({ code: Type.String(), url: Type.String(), qrUrl: Type.String() });
export type CreatedRoomDto = Static<typeof createdRoomSchema>;

export const roomParams = Type.Object({ code: Type.String({ maxLength: 32 }) });
export const roomEntryParams = Type.Object({ code: Type.String({ maxLength: 32 }), entryId: Type.String({ maxLength: 64 }) });
export const roomGuestParams = Type.Object({ code: Type.String({ maxLength: 32 }), guestId: Type.String({ maxLength: 64 }) });

export const roomEntrySchema = Type.Object({
  entryId: Type.String(),
  songId: Type.Number(),
  title: Type.String(),
  artist: Type.String(),
  addedBy: Type.String(),
});
export type RoomEntryDto = Static<typeof roomEntrySchema>;

export const nowPlayingSchema = Type.Object({
  songId: Type.Number(),
  title: Type.String(),
  /** The song's audio (its share address) and length, for devices that play along. */
  audioUrl: Type.String(),
  durationMs: Type.Number(),
  addedBy: Type.String(),
  /** Server epoch ms at which the song's position 0 was (or would have been) played. */
  startedAt: Type.Number(),
  paused: Type.Boolean(),
  /** Where a paused song stopped, in ms. */
  positionMs: Type.Number(),
});

/** `POST /api/rooms/{code}/skip-votes`: the votes after this one (0 once they skipped the song). */
export const skipVotesSchema = Type.Object({ skipVotes: Type.Number(), skipVotesNeeded: Type.Number() });

/** `GET /api/rooms/{code}` and every state message of the room's socket. */
export const roomStateSchema = Type.Object({
  code: Type.String(),
  version: Type.Number(),
  host: Type.String(),
  queue: Type.Array(roomEntrySchema),
  nowPlaying: nullable(nowPlayingSchema),
  guests: Type.Array(Type.Object({ guestId: Type.String(), name: Type.String() })),
  locked: Type.Boolean(),
  skipVotesAllowed: Type.Boolean(),
  skipVotes: Type.Number(),
  skipVotesNeeded: Type.Number(),
  addsPerMinute: Type.Number(),
  songsPerGuest: Type.Number(),
});
export type RoomStateDto = Static<typeof roomStateSchema>;

/** Who is asking: the GET answer's `you`, so a screen knows whether to show host controls. */
export const roomViewSchema = Type.Composite([roomStateSchema, Type.Object({ you: Type.Object({ name: Type.String(), isHost: Type.Boolean() }) })]);
export type RoomViewDto = Static<typeof roomViewSchema>;

export const joinRoomBody = Type.Object({ name: Type.String({ maxLength: 200 }) }, { error: 'Type your name' });
export type JoinRoomRequest = Static<typeof joinRoomBody>;
export const joinedRoomSchema = Type.Object({ guestId: Type.String(), name: Type.String() });

export const addToRoomBody = Type.Object({ songId: rowId() }, { error: 'songId must be a song id' });
export type AddToRoomRequest = Static<typeof addToRoomBody>;

export const reorderRoomBody = Type.Object({ entryIds: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 5000 }) });
export type ReorderRoomRequest = Static<typeof reorderRoomBody>;

export const roomSettingsBody = Type.Object({
  locked: Type.Optional(Type.Boolean()),
  skipVotesAllowed: Type.Optional(Type.Boolean()),
  addsPerMinute: Type.Optional(Type.Integer({ minimum: ROOM_LIMITS.addsPerMinute.min, maximum: ROOM_LIMITS.addsPerMinute.max })),
  songsPerGuest: Type.Optional(Type.Integer({ minimum: ROOM_LIMITS.songsPerGuest.min, maximum: ROOM_LIMITS.songsPerGuest.max })),
});
export type RoomSettingsRequest = Static<typeof roomSettingsBody>;

export const playbackBody = Type.Object({ paused: Type.Boolean() });
export type PlaybackRequest = Static<typeof playbackBody>;

export const roomSearchQuery = Type.Object({ q: Type.Optional(Type.String()) });

/** The room's state but its queue: small, so a change carries only the fields of it that moved. */
export type RoomSummaryDto = Omit<RoomStateDto, 'queue'>;

/**
 * One change of a room, from `version - 1` to `version`: the entry ids gone, the entries appended,
 * the whole order of ids only when it is not the old one less the removed plus the added, and the
 * other fields that changed (docs/decisions/216-room-socket-sends-changes.md).
 */
export interface RoomChangeDto {
  version: number;
  removed?: string[];
  added?: RoomEntryDto[];
  order?: string[];
  set?: Partial<Omit<RoomSummaryDto, 'version' | 'code' | 'host'>>;
}

/** What the room's socket sends: the whole state on open and on catch-up, each change, pongs, the end. */
export type RoomSocketMessage =
  | { type: 'state'; state: RoomStateDto }
  | ({ type: 'change' } & RoomChangeDto)
  | { type: 'pong'; id: number; serverNow: number }
  | { type: 'ended' }
  | { type: 'removed' };

/** What a screen sends up its room socket: a clock ping, or a request for the whole state after a gap. */
export type RoomSocketRequest = { type: 'ping'; id: number } | { type: 'catch-up' };
