import type { UserRow } from '../../../db/schema/index.ts';
import type { LibraryScanner } from '../media/library-scan.ts';
import { notAuthorised } from './errors.ts';
import type { Library } from './library.ts';
import type { XmlObject } from './xml.ts';

/**
 * getScanStatus and startScan. Uploads, imports and edits show at the next request (the library
 * index follows the catalogue version); a scan imports the folders `cli import` imported again,
 * in the background, so files added or changed there since come in. While it runs, `count` is
 * the files looked at so far; otherwise the library's song count.
 */
export function scanStatus(library: Library, scanner: LibraryScanner): XmlObject {
  const { scanning, count, lastScan } = scanner.state();
  return {
    scanStatus: {
      scanning,
      count: scanning ? count : library.songIds.length,
      lastScan: new Date(lastScan ?? library.builtAt).toISOString(),
    },
  };
}

export function startScan(user: UserRow, library: Library, scanner: LibraryScanner): XmlObject {
  if (!user.isAdmin) throw notAuthorised('Only an admin can start a scan');
  scanner.start();
  return scanStatus(library, scanner);
}
