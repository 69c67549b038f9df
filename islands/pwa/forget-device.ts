import { API_CACHE, EXPIRATION_DB, EXPIRATION_STORE, IMAGE_CACHE } from '../../src/shared/pwa.ts';
import { clearOfflineMusic } from '../offline/offline-music.ts';

/**
 * Sign-out leaves nothing of the user on the device: the service worker's copies of API reads
 * and artwork (with the artwork URLs its expiration database lists), and the music kept offline.
 * Loaded only when signing out.
 */
export async function forgetDevice(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(API_CACHE), caches.delete(IMAGE_CACHE), clearOfflineMusic(), forgetArtworkUrls()]).catch(() => undefined);
}

const done = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if (request instanceof IDBTransaction) request.oncomplete = () => resolve();
    else request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });

/**
 * Deletes the artwork cache's rows from the worker's expiration database. Opened at its current
 * version, beside the worker's own connection (deleting the database would wait for the worker
 * to close it); a database that does not exist yet is not created.
 */
async function forgetArtworkUrls(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const opening = indexedDB.open(EXPIRATION_DB);
  opening.onupgradeneeded = () => opening.transaction?.abort();
  const db = await done(opening).then(() => opening.result, () => null);
  if (!db) return;
  try {
    if (!db.objectStoreNames.contains(EXPIRATION_STORE)) return;
    const transaction = db.transaction(EXPIRATION_STORE, 'readwrite');
    const store = transaction.objectStore(EXPIRATION_STORE);
    const keys = store.index('cacheName').getAllKeys(IMAGE_CACHE);
    keys.onsuccess = () => keys.result.forEach((key) => store.delete(key));
    await done(transaction);
  } finally {
    db.close();
  }
}
