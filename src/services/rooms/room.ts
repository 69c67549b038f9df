import type { UserRow } from '../../../db/schema/index.ts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../errors.ts';
import { ROOM_LIMITS, type RoomEntryDto, type RoomStateDto, type RoomSettingsRequest, type RoomSummaryDto } from '../../shared/schemas/room.ts';
import { WindowLimiter } from './window-limiter.ts';

/** Whoever acts in a room: the host, a signed-in member as themselves, or a guest by name. */
export interface Participant {
  key: string;
  name: string;
  isHost: boolean;
}

export interface RoomSong {
  songId: number;
  title: string;
  artist: string;
  audioUrl: string;
  durationMs: number;
}

interface Entry extends RoomSong {
  entryId: string;
  addedBy: string;
  addedByKey: string;
}

interface NowPlaying extends RoomSong {
  addedBy: string;
  startedAt: number;
  paused: boolean;
  positionMs: number;
}

export const ROOM_FULL = 'You have enough songs waiting in the queue. Add more when one has played.';
export const ROOM_LOCKED = 'The host has locked adding songs';

/** One family room's state, in memory (docs/decisions/183-family-rooms-in-memory.md). */
export class Room {
  version = 0;
  queue: Entry[] = [];
  nowPlaying: NowPlaying | null = null;
  readonly guests = new Map<string, string>();
  locked = false;
  skipVotesAllowed = true;
  readonly skipVoters = new Set<string>();
  addsPerMinute: number = ROOM_LIMITS.addsPerMinute.initial;
  songsPerGuest: number = ROOM_LIMITS.songsPerGuest.initial;
  private readonly adds = new WindowLimiter(60_000);
  private nextEntry = 1;

  constructor(
    readonly code: string,
    readonly host: UserRow,
    public lastActiveAt: number,
  ) {}

  state(): RoomStateDto {
    return { ...this.summary(), queue: this.queue.map(entryDto) };
  }

  /** Everything but the queue: what a change compares field by field. */
  summary(): RoomSummaryDto {
    return {
      code: this.code,
      version: this.version,
      host: this.host.username,
      nowPlaying: this.nowPlaying && nowPlayingDto(this.nowPlaying),
      guests: [...this.guests].map(([guestId, name]) => ({ guestId, name })),
      locked: this.locked,
      skipVotesAllowed: this.skipVotesAllowed,
      skipVotes: this.skipVoters.size,
      skipVotesNeeded: Math.floor((this.guests.size + 1) / 2) + 1,
      addsPerMinute: this.addsPerMinute,
      songsPerGuest: this.songsPerGuest,
    };
  }

  /** Appends a song for `who`, within the host's lock and limits (429 past them); answers its entry. */
  add(who: Participant, song: RoomSong, now: number): RoomEntryDto {
    if (this.locked && !who.isHost) throw new ForbiddenError(ROOM_LOCKED);
    if (!who.isHost) {
      const waiting = this.queue.filter((entry) => entry.addedByKey === who.key).length;
      if (waiting >= this.songsPerGuest) throw new TooManyRequestsError(60, ROOM_FULL);
      const wait = this.adds.take(who.key, this.addsPerMinute, now);
      if (wait > 0) throw new TooManyRequestsError(wait, 'That is a lot of songs at once. Please wait a moment.');
    }
    const entry = { ...song, entryId: String(this.nextEntry++), addedBy: who.name, addedByKey: who.key };
    this.queue.push(entry);
    return entryDto(entry);
  }

  remove(entryId: string): void {
    const at = this.queue.findIndex((entry) => entry.entryId === entryId);
    if (at === -1) throw new NotFoundError('That song is no longer in the queue');
    this.queue.splice(at, 1);
  }

  /** The host's new order: exactly the entries queued now, or 409 when the queue moved meanwhile. */
  reorder(entryIds: string[]): void {
    const byId = new Map(this.queue.map((entry) => [entry.entryId, entry]));
    if (entryIds.length !== byId.size || new Set(entryIds).size !== byId.size || !entryIds.every((id) => byId.has(id))) {
      throw new ConflictError('The queue changed meanwhile; try again');
    }
    this.queue = entryIds.map((id) => byId.get(id)!);
  }

  /** Plays the next queued song from its start (or `fromMs` into it), or nothing at the end of the queue. */
  skip(now: number, fromMs = 0): void {
    const next = this.queue.shift();
    this.skipVoters.clear();
    const from = next ? Math.max(0, Math.min(fromMs, next.durationMs - 1000)) : 0;
    this.nowPlaying = next ? { songId: next.songId, title: next.title, artist: next.artist, audioUrl: next.audioUrl, durationMs: next.durationMs, addedBy: next.addedBy, startedAt: now - from, paused: false, positionMs: 0 } : null;
  }

  /** When the playing song ends on the server clock, or null while paused or idle. */
  endsAt(): number | null {
    const playing = this.nowPlaying;
    return playing && !playing.paused ? playing.startedAt + playing.durationMs : null;
  }

  setPaused(paused: boolean, now: number): void {
    const playing = this.nowPlaying;
    if (!playing || playing.paused === paused) return;
    if (paused) playing.positionMs = Math.max(0, now - playing.startedAt);
    else playing.startedAt = now - playing.positionMs;
    playing.paused = paused;
  }

  /** A vote to skip; the song is skipped once a majority of the room voted. */
  voteToSkip(who: Participant, now: number): void {
    if (!this.skipVotesAllowed) throw new ForbiddenError('The host has turned off voting to skip');
    if (!this.nowPlaying) throw new ConflictError('Nothing is playing');
    this.skipVoters.add(who.key);
    if (this.skipVoters.size >= this.summary().skipVotesNeeded) this.skip(now);
  }

  settle(settings: RoomSettingsRequest): void {
    this.locked = settings.locked ?? this.locked;
    this.skipVotesAllowed = settings.skipVotesAllowed ?? this.skipVotesAllowed;
    this.addsPerMinute = settings.addsPerMinute ?? this.addsPerMinute;
    this.songsPerGuest = settings.songsPerGuest ?? this.songsPerGuest;
  }

  /** Takes a guest out: their pass stops working; the songs they added stay. */
  removeGuest(guestId: string): void {
    if (!this.guests.delete(guestId)) throw new NotFoundError('That guest has already left');
    this.skipVoters.delete(`g${guestId}`);
  }
}

/** A queued song as screens see it (without who added it by key, or its audio). */
export function entryDto({ entryId, songId, title, artist, addedBy }: Entry): RoomEntryDto {
  return { entryId, songId, title, artist, addedBy };
}

/** The playing song as the room's state tells it (no artist: the schema's fields, as GET sends them). */
function nowPlayingDto({ songId, title, audioUrl, durationMs, addedBy, startedAt, paused, positionMs }: NowPlaying): RoomSummaryDto['nowPlaying'] {
  return { songId, title, audioUrl, durationMs, addedBy, startedAt, paused, positionMs };
}
