/** Join codes: six characters people read off a screen, without 0/O or 1/I to confuse. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ROOM_CODE_LENGTH = 6;
const CODE = new RegExp(`^[${ALPHABET}]{${ROOM_CODE_LENGTH}}$`);

export function newRoomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(ROOM_CODE_LENGTH));
  // 32 letters: the low five bits of a random byte pick one without bias.
  return Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
}

/** A typed or scanned code as stored (upper case), or null when it cannot be a code. */
export function normalizeRoomCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return CODE.test(code) ? code : null;
}
