import type { UserRow } from '../../../db/schema/index.ts';
import { notAuthorised } from './errors.ts';
import type { Library } from './library.ts';
import type { XmlObject } from './xml.ts';

/**
 * getScanStatus and startScan. Hearth's catalogue is live (uploads, imports and edits show at the
 * next request, as the library index follows the catalogue version), so there is never a scan
 * running; startScan, for admins, answers the same status.
 */
export function scanStatus(library: Library): XmlObject {
  return { scanStatus: { scanning: false, count: library.songIds.length, lastScan: new Date(library.builtAt).toISOString() } };
}

export function startScan(user: UserRow, library: Library): XmlObject {
  if (!user.isAdmin) throw notAuthorised('Only an admin can start a scan');
  return scanStatus(library);
}
