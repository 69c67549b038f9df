import type { UserDto } from '../../src/shared/types.ts';
import { writeLocal } from '../lib/local-setting.ts';
import { PROFILE_KEY } from '../lib/profile-scope.ts';

/** Set once a profile was chosen in this tab: the picker does not open again on each load. */
export const PROFILE_CHOSEN_KEY = 'hearthProfileChosen';

export function markProfileChosen(): void {
  try {
    sessionStorage.setItem(PROFILE_CHOSEN_KEY, '1');
  } catch {
    // storage unavailable: the picker may show again, nothing worse
  }
}

export function profileChosen(): boolean {
  try {
    return sessionStorage.getItem(PROFILE_CHOSEN_KEY) !== null;
  } catch {
    return true;
  }
}

/**
 * The app as `user`, from a full load: nothing of the previous profile (player, cached reads,
 * theme) survives in memory, and the head script paints this member's theme at once.
 */
export function enterProfile(user: Pick<UserDto, 'id'>): void {
  writeLocal(PROFILE_KEY, String(user.id));
  markProfileChosen();
  // Replaces the page the switch was made on: Back does not return to the previous member's view.
  window.location.replace('/');
}
