import type { Db } from '../../../db/client.ts';
import { setRating as storeRating } from '../../../db/queries/phone-apps.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { starTargets } from './activity.ts';
import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';
import type { Library } from './library.ts';
import { Params } from './params.ts';
import type { XmlObject } from './xml.ts';

/**
 * setRating: 1–5 stars for a song (or an album or artist by its al-/ar- id, as some apps send);
 * 0 removes the rating. Ratings show as `userRating` and order the `highest` album list.
 */
export function setRating(db: Db, library: Library, user: UserRow, params: Params, now: number): XmlObject {
  const id = params.required('id');
  params.required('rating');
  const rating = params.int('rating', -1, -1, 6);
  if (rating < 0 || rating > 5) throw new SubsonicError(SUBSONIC_ERROR.generic, 'The rating must be a whole number from 0 to 5');
  const [target] = starTargets(db, library, new Params(new URLSearchParams({ id })));
  const [kind, itemId] = target!;
  storeRating(db, user.id, kind, itemId, rating, new Date(now));
  return {};
}
