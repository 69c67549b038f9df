import type { UserRow } from '../../../db/schema/index.ts';
import { NotFoundError, TooManyRequestsError, UnprocessableContentError } from '../../errors.ts';
import { GUEST_NAME_MAX, type RoomSocketMessage } from '../../shared/schemas/room.ts';
import { cleanText } from '../../shared/text.ts';
import { Room } from './room.ts';
import { changeSince, markRoom } from './room-changes.ts';
import type { RoomUpdateKind } from './newest-state-sender.ts';
import { newRoomCode, normalizeRoomCode } from './room-codes.ts';
import { WindowLimiter } from './window-limiter.ts';

export const ROOM_IDLE_MS = 12 * 60 * 60 * 1000;
export const ROOM_NOT_FOUND = 'This room has ended, or the code is wrong';
const JOINS_PER_MINUTE_PER_ROOM = 60;
const JOINS_PER_MINUTE_PER_ADDRESS = 10;

/** One open socket of a room: the participant it speaks for, and how to reach it. */
export interface RoomSocket {
  key: string;
  /** A `state` or `change` a backed-up socket may skip: it gets the whole state when it drains. */
  send(message: string, kind?: RoomUpdateKind): unknown;
  close(code?: number, reason?: string): unknown;
}

/** Every open room of this process (a restart ends them) and their sockets. */
export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();
  private readonly sockets = new Map<string, Set<RoomSocket>>();
  private readonly joins = new WindowLimiter(60_000);
  private readonly songEnds = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly now: () => number) {}

  create(host: UserRow): Room {
    this.sweep();
    let code = newRoomCode();
    while (this.rooms.has(code)) code = newRoomCode();
    const room = new Room(code, host, this.now());
    this.rooms.set(code, room);
    return room;
  }

  /** The open room with this code, or 404 (also once it was idle 12 hours). */
  find(rawCode: string): Room {
    const code = normalizeRoomCode(rawCode);
    const room = code ? this.rooms.get(code) : undefined;
    if (room && this.now() - room.lastActiveAt > ROOM_IDLE_MS) this.end(room);
    else if (room) return room;
    throw new NotFoundError(ROOM_NOT_FOUND);
  }

  /** Runs a change, then sends what changed, with the new version, to every socket of the room; answers what `apply` does. */
  change<T>(room: Room, apply: (now: number) => T): T {
    const now = this.now();
    const before = markRoom(room);
    const result = apply(now);
    room.version += 1;
    room.lastActiveAt = now;
    this.scheduleNext(room);
    this.broadcast(room.code, { type: 'change', ...changeSince(before, room) });
    return result;
  }

  /** The server owns the schedule: at the playing song's end the next one starts, for everyone. */
  private scheduleNext(room: Room): void {
    clearTimeout(this.songEnds.get(room.code));
    const endsAt = room.endsAt();
    if (endsAt === null) return void this.songEnds.delete(room.code);
    const timer = setTimeout(() => this.rooms.get(room.code) === room && this.change(room, () => room.skip(endsAt)), Math.max(0, endsAt - this.now()));
    this.songEnds.set(room.code, timer);
  }

  join(room: Room, rawName: string, address: string): { guestId: string; name: string } {
    const name = cleanText(rawName);
    if (name.length === 0 || name.length > GUEST_NAME_MAX) throw new UnprocessableContentError(`Type a name of up to ${GUEST_NAME_MAX} characters`);
    const now = this.now();
    const wait = Math.max(this.joins.take(`room:${room.code}`, JOINS_PER_MINUTE_PER_ROOM, now), this.joins.take(`address:${address}`, JOINS_PER_MINUTE_PER_ADDRESS, now));
    if (wait > 0) throw new TooManyRequestsError(wait);
    const guestId = crypto.randomUUID();
    this.change(room, () => room.guests.set(guestId, name));
    return { guestId, name };
  }

  removeGuest(room: Room, guestId: string): void {
    this.change(room, () => room.removeGuest(guestId));
    for (const socket of this.sockets.get(room.code) ?? []) if (socket.key === `g${guestId}`) this.farewell(room.code, socket, { type: 'removed' });
  }

  end(room: Room): void {
    this.rooms.delete(room.code);
    clearTimeout(this.songEnds.get(room.code));
    this.songEnds.delete(room.code);
    for (const socket of this.sockets.get(room.code) ?? []) this.farewell(room.code, socket, { type: 'ended' });
    this.sockets.delete(room.code);
  }

  attach(room: Room, socket: RoomSocket): void {
    // Ended while the socket's pass was checked: it gets the farewell the room's other sockets got.
    if (this.rooms.get(room.code) !== room) return this.farewell(room.code, socket, { type: 'ended' });
    const set = this.sockets.get(room.code) ?? new Set();
    this.sockets.set(room.code, set.add(socket));
    socket.send(wholeState(room), 'state');
  }

  detach(code: string, socket: RoomSocket): void {
    this.sockets.get(code)?.delete(socket);
  }

  get size(): number {
    return this.rooms.size;
  }

  private broadcast(code: string, message: RoomSocketMessage): void {
    const text = JSON.stringify(message);
    for (const socket of this.sockets.get(code) ?? []) socket.send(text, message.type === 'change' ? 'change' : undefined);
  }

  private farewell(code: string, socket: RoomSocket, message: RoomSocketMessage): void {
    socket.send(JSON.stringify(message));
    socket.close(4000, message.type);
    this.detach(code, socket);
  }

  private sweep(): void {
    for (const room of [...this.rooms.values()]) if (this.now() - room.lastActiveAt > ROOM_IDLE_MS) this.end(room);
  }
}

/** The room's `state` message: a new socket's first, a catch-up's answer, a drained socket's next. */
export function wholeState(room: Room): string {
  return JSON.stringify({ type: 'state', state: room.state() } satisfies RoomSocketMessage);
}
