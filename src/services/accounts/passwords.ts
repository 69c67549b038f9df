/**
 * argon2id through Bun.password (off the main thread). Sized for a small board: OWASP's first
 * argon2id configuration (19 MiB, 2 passes, 1 lane) instead of Bun's 64 MiB default, and at
 * most HASH_SLOTS hashes at once, so a burst of logins costs a bounded amount of memory.
 */
export const ARGON2: HashCost = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2 };
export const HASH_SLOTS = 2;

export interface HashCost {
  algorithm: 'argon2id';
  /** KiB. */
  memoryCost: number;
  timeCost: number;
}

// What new hashes cost, and what a stored hash must match not to be rehashed.
let cost: HashCost = ARGON2;

/**
 * For test harnesses only (src/testing/server.ts): hundreds of sign-ups and logins at the real cost
 * are minutes of hashing. No configuration or environment variable reaches it, so a deployment
 * cannot lower the cost; the password tests set ARGON2 back for themselves.
 */
export function setHashCostForTests(next: HashCost): void {
  cost = next;
  decoyHash = undefined;
}

let busy = 0;
const waiting: (() => void)[] = [];

/** Runs `work` once a slot is free; the rest wait in arrival order. */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy += 1;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (busy stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => Bun.password.hash(password, cost));
}

// A real hash of a random password, verified against when the username is unknown, so an
// unknown user costs the same time as a wrong password and the two cannot be told apart.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (hash === undefined) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    const decoy = await decoyHash;
    await withHashSlot(() => Bun.password.verify(password, decoy));
    return false;
  }
  return withHashSlot(() => Bun.password.verify(password, hash));
}

/** True for a hash made with other parameters (Bun's 64 MiB default, bcrypt): rehash it at the next login. */
export function needsRehash(hash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
  return !match || Number(match[1]) !== cost.memoryCost || Number(match[2]) !== cost.timeCost || match[3] !== '1';
}
