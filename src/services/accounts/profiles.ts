import type { Db } from '../../../db/client.ts';
import { findLiveSession } from '../../../db/queries/sessions.ts';
import type { SessionRow, UserRow } from '../../../db/schema/index.ts';
import { ForbiddenError } from '../../errors.ts';
import { SIGN_IN_WITH_PASSWORD } from '../../shared/profile-texts.ts';
import type { ProfileDto } from '../../shared/schemas/profiles.ts';
import { type PinThrottle, switchNeeds } from './profile-pins.ts';

export { SIGN_IN_WITH_PASSWORD };
export const NOT_ON_THIS_DEVICE = 'That profile is not on this device';

export interface HeldProfile {
  session: SessionRow;
  user: UserRow;
}

/** The live sessions among `ids`, one per member (the newest), in the order they were added. */
export function heldProfiles(db: Db, ids: readonly string[], now: number): HeldProfile[] {
  const live = ids.flatMap((id) => findLiveSession(db, id, new Date(now)) ?? []);
  return live.filter((held, at) => !live.slice(at + 1).some((later) => later.user.id === held.user.id));
}

export function toProfileDto({ user }: HeldProfile, currentUserId: number | null): ProfileDto {
  return { id: user.id, username: user.username, needs: switchNeeds(user), current: user.id === currentUserId };
}

/**
 * The held profile to make active: it must be held by this browser, and a grown-up's PIN must be
 * right (PinThrottle). Switching to the active profile asks nothing.
 */
export async function chooseProfile(
  db: Db,
  input: { held: readonly string[]; currentSessionId: string | null; userId: number; pin: string | undefined },
  pins: PinThrottle,
  now: number,
): Promise<HeldProfile> {
  const target = heldProfiles(db, input.held, now).find((held) => held.user.id === input.userId);
  if (!target) throw new ForbiddenError(NOT_ON_THIS_DEVICE);
  if (target.session.id === input.currentSessionId) return target;
  const needs = switchNeeds(target.user);
  if (needs === 'password') throw new ForbiddenError(SIGN_IN_WITH_PASSWORD);
  if (needs === 'pin') await pins.check(target.user, input.pin, now);
  return target;
}
