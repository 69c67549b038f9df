import type { Db } from '../../../db/client.ts';
import { currentCatalogueVersion } from '../../../db/queries/catalogue-version.ts';

/**
 * The one version every catalogue cache is checked against (song lists, the Subsonic library,
 * the share pages): database triggers bump it on every write to songs and albums, on a change
 * to a playlist or its songs, and on a temporary share's update or removal, whichever process
 * writes (the CLI too). A new playlist or share changes no page that exists yet. Read again only
 * after a commit (db/commit-probe.ts), so asking on every request costs no database read.
 */
export function catalogueVersion(db: Db): number {
  return currentCatalogueVersion(db);
}
