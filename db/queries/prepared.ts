import type { Db } from '../client.ts';

/** Caches one prepared statement per database handle: prepared hot queries are ~10× faster. */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let value = cache.get(db);
    if (value === undefined) {
      value = build(db);
      cache.set(db, value);
    }
    return value;
  };
}
