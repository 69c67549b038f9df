import { ForbiddenError, UnauthorizedError } from '../../src/errors.ts';
import { readRoomPass } from '../../src/http/room-pass.ts';
import type { LiveSession } from '../../src/services/accounts/sessions.ts';
import type { Participant, Room } from '../../src/services/rooms/room.ts';
import { seesRoomLibrary } from '../../src/services/rooms/room-songs.ts';

export const JOIN_FIRST = 'Type your name to join the room first';
export const REMOVED = 'The host has taken you out of this room';
export const NOT_FOR_RESTRICTED = "This room plays songs your profile can't see";

interface Caller {
  request: Request;
  currentSession(): Promise<LiveSession | null>;
}

/**
 * Who is calling in this room: a signed-in member as themselves (the host is the member who
 * started it), else the guest the signed pass names, if it is for this room and still in it.
 */
export async function participantIn(room: Room, secret: string, caller: Caller): Promise<Participant> {
  const live = await caller.currentSession();
  if (live) {
    const isHost = live.user.id === room.host.id;
    // A room shows its host's library; a restricted member sees only a room of their own.
    if (!isHost && !seesRoomLibrary(live.user)) throw new ForbiddenError(NOT_FOR_RESTRICTED);
    return { key: `u${live.user.id}`, name: live.user.username, isHost };
  }
  const pass = await readRoomPass(secret, caller.request);
  // A pass for another room is no pass here: the guest joins this one afresh.
  if (!pass || pass.code !== room.code) throw new UnauthorizedError(JOIN_FIRST);
  const name = room.guests.get(pass.guestId);
  if (name === undefined) throw new ForbiddenError(REMOVED);
  return { key: `g${pass.guestId}`, name, isHost: false };
}

export function requireHost(who: Participant): void {
  if (!who.isHost) throw new ForbiddenError('Only the host can do that');
}
