import { signCookie, unsignCookie } from 'elysia/utils';
import { cookieValue } from './auth-plugin.ts';

/** The guest's capability: a cookie naming one room and one guest, signed with the app's key. */
export const ROOM_PASS_COOKIE = 'hearth_room';

export interface RoomPass {
  code: string;
  guestId: string;
}

export const signRoomPass = (secret: string, pass: RoomPass): Promise<string> => signCookie(`${pass.code}.${pass.guestId}`, secret);

/** The pass the request carries, or null when there is none or its signature does not hold. */
export async function readRoomPass(secret: string, request: Request): Promise<RoomPass | null> {
  const raw = cookieValue(request, ROOM_PASS_COOKIE);
  if (!raw || raw.length > 512) return null;
  const value = await unsignCookie(raw, secret).catch(() => false as const);
  if (!value) return null;
  const [code, guestId, ...rest] = value.split('.');
  return code && guestId && rest.length === 0 ? { code, guestId } : null;
}
