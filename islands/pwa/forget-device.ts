import { EXPIRATION_DB, EXPIRATION_STORE, EXPIRING_CACHES, SIGNED_IN_CACHES } from '../../src/shared/pwa.ts';
import { clearOfflineMusic } from '../offline/offline-music.ts';

/**
 * Sign-out leaves nothing of the user on the device: the service worker's copies of API reads,
 * searches and artwork (with the URLs its expiration database lists), and the music kept offline.
 * Loaded only when signing out or when another account signs in.
 */
export async function forgetDevice(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([...SIGNED_IN_CACHES.map((name) => caches.delete(name)), clearOfflineMusic(), forgetExpiringUrls()]).catch(() => undefined);
}

const done = (request: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if (request instanceof IDBTransaction) request.oncomplete = () => resolve();
    else request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });

/**
 * Deletes the artwork and search caches' rows (their URLs) from the worker's expiration database.
 * Opened at its current version, beside the worker's own connection (deleting the database would
 * wait for the worker to close it); a database that does not exist yet is not created.
 */
export async function forgetExpiringUrls(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const opening = indexedDB.open(EXPIRATION_DB);
  opening.onupgradeneeded = () => opening.transaction?.abort();
  const db = await done(opening).then(() => opening.result, () => null);
  if (!db) return;
  try {
    if (!db.objectStoreNames.contains(EXPIRATION_STORE)) return;
    const transaction = db.transaction(EXPIRATION_STORE, 'readwrite');
    const store = transaction.objectStore(EXPIRATION_STORE);
    for (const cacheName of EXPIRING_CACHES) {
      const keys = store.index('cacheName').getAllKeys(cacheName);
      keys.onsuccess = () => keys.result.forEach((key) => store.delete(key));
    }
    await done(transaction);
  } finally {
    db.close();
  }
}
