import { isAudioReferenced, referencedArtworkUrls, referencedAudioHashes } from '../../../db/queries/media-refs.ts';
import { deleteExpiredTempShares } from '../../../db/queries/temp-shares.ts';
import { type GcResult, collectGarbage } from '../../../media/gc.ts';
import type { Db } from '../../../db/client.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { Logger } from '../../logger.ts';

/** What a clean-up needs; the purge job passes its own deps (services never import jobs). */
export interface MediaGcDeps {
  db: Db;
  storage: MediaStorage;
  log: Logger;
  now: () => number;
}

/**
 * Purge hook (runs after the trash purge): expired temporary shares go, then every media
 * file nothing references any more (songs, temporary shares, song/album/playlist artwork).
 */
export async function collectOrphanMedia(_purged: unknown, deps: MediaGcDeps): Promise<GcResult & { expiredShares: number }> {
  const expired = deleteExpiredTempShares(deps.db, new Date(deps.now()));
  const refs = { audio: referencedAudioHashes(deps.db), artworkUrls: referencedArtworkUrls(deps.db), audioStillUnused: (hash: string) => !isAudioReferenced(deps.db, hash) };
  const result = await collectGarbage(deps.storage, refs, { now: deps.now() });
  const removed = result.audio + result.images + result.previews + result.temp;
  if (expired.length + removed > 0) {
    deps.log.info(`Media clean-up: ${expired.length} expired shares, ${result.audio} audio, ${result.images} images, ${result.previews} previews, ${result.temp} temp files removed`);
  }
  return { ...result, expiredShares: expired.length };
}

/** The trash purge job's hook form of collectOrphanMedia. */
export async function mediaPurgeHook(purged: unknown, deps: MediaGcDeps): Promise<void> {
  await collectOrphanMedia(purged, deps);
}
