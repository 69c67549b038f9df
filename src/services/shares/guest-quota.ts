import type { Db } from '../../../db/client.ts';
import { anonymousBytes } from '../../../db/queries/temp-shares.ts';
import { InsufficientStorageError } from '../../errors.ts';

export const QUOTA_MESSAGE = 'The space for shared audio is full. Please try again later.';

export interface QuotaReservation {
  /** Grows the hold to `total` body bytes seen so far; throws 507 past the remaining quota. */
  cover(total: number): void;
  /** Gives the hold back (after the row is in, or on failure); safe to call twice. */
  release(): void;
}

/**
 * Guests' quota under concurrency: bytes held by guests' shares (in the database, so a
 * restart keeps them) plus bytes reserved by uploads in flight (in memory: a restart ends
 * those uploads). A guest reserves the declared body size before it is read, and a body
 * without a length grows its hold as it streams, so parallel uploads cannot overshoot.
 */
export function createGuestQuota(db: Db, quotaBytes: number) {
  let reserved = 0;
  const refuseBeyond = (extra: number) => {
    if (anonymousBytes(db) + reserved + extra > quotaBytes) throw new InsufficientStorageError(QUOTA_MESSAGE);
  };
  return {
    /** Bytes reserved by uploads in flight (tests and the admin view). */
    reserved: () => reserved,
    reserve(declaredBytes: number): QuotaReservation {
      const initial = Number.isSafeInteger(declaredBytes) && declaredBytes > 0 ? declaredBytes : 0;
      refuseBeyond(initial);
      reserved += initial;
      let held = initial;
      let open = true;
      return {
        cover(total) {
          if (!open || total <= held) return;
          refuseBeyond(total - held);
          reserved += total - held;
          held = total;
        },
        release() {
          if (open) reserved -= held;
          open = false;
        },
      };
    },
  };
}

export type GuestQuota = ReturnType<typeof createGuestQuota>;
