import type { Db } from '../../../db/client.ts';
import { readCatalogueVersion } from '../../../db/queries/songs.ts';

/**
 * The one version every catalogue cache is checked against (song lists, the Subsonic library,
 * the share pages): database triggers bump it on every write to songs and albums, on a change
 * to a playlist or its songs, and on a temporary share's update or removal, whichever process
 * writes (the CLI too). A new playlist or share changes no page that exists yet.
 */
export function catalogueVersion(db: Db): number {
  return readCatalogueVersion(db);
}
