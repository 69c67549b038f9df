import type { UserRow } from '../../../db/schema/index.ts';

/**
 * Whether a member's library is restricted (a kids' profile). The one place the profile picker
 * asks; it reads the restriction columns when the users table has them, and until then no one is.
 */
export function isRestricted(user: UserRow): boolean {
  const row = user as UserRow & { restrictClean?: boolean | null; restrictAlbumIds?: readonly number[] | null };
  return row.restrictClean === true || Array.isArray(row.restrictAlbumIds);
}
