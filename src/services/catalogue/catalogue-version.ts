import type { Db } from '../../../db/client.ts';
import { readCatalogueVersion } from '../../../db/queries/songs.ts';

/**
 * The one version every catalogue cache is checked against (song lists, the Subsonic library,
 * the share pages): database triggers bump it on every write to songs, albums, playlists and
 * their songs, and on a temporary share's removal, whichever process writes (the CLI too).
 */
export function catalogueVersion(db: Db): number {
  return readCatalogueVersion(db);
}
