import { join } from 'node:path';
import { type MediaStorage, localStorage } from '../../../media/storage.ts';
import type { Config } from '../../config.ts';

const byDir = new Map<string, MediaStorage>();

/** The media storage of a data folder (DATA_DIR/media), made once per folder. */
export function mediaStorage(config: Pick<Config, 'dataDir'>): MediaStorage {
  const dir = join(config.dataDir, 'media');
  let storage = byDir.get(dir);
  if (!storage) {
    storage = localStorage(dir);
    byDir.set(dir, storage);
  }
  return storage;
}
