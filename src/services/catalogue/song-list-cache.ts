import type { Db } from '../../../db/client.ts';
import { inReadSnapshot, readCatalogueVersion } from '../../../db/queries/songs.ts';
import type { SongDto } from '../../shared/types.ts';
import { listAllSongs, listLibrary } from './songs.ts';

/** `library`: GET /api/songs, the same for everyone. `admin`: GET /api/songs/all, admins only. */
export type SongListView = 'library' | 'admin';

export interface SongListBody {
  etag: string;
  /** The JSON, gzipped once (level 1: ~4× faster than the default for a few percent more bytes). */
  gzip: Uint8Array<ArrayBuffer>;
}

const BUILD: Record<SongListView, (db: Db) => SongDto[]> = { library: listLibrary, admin: listAllSongs };

/** Weak: the gzipped and the plain body are the same JSON. The view keeps the admin list apart. */
const etagOf = (view: SongListView, version: number) => `W/"songs-${view}-${version}"`;

/**
 * The two big song lists serialised and gzipped once per catalogue version and kept in memory
 * (~3 MiB each for 50,000 songs), so repeated reads neither query nor serialise. Any write to
 * songs or albums bumps the version in the database, so a stale body is never served.
 */
export function createSongListCache(db: Db) {
  const bodies = new Map<SongListView, SongListBody & { version: number }>();
  return {
    /** The ETag the view has now: one indexed read, no list work. */
    currentEtag(view: SongListView): string {
      return etagOf(view, readCatalogueVersion(db));
    },
    body(view: SongListView): SongListBody {
      const cached = bodies.get(view);
      if (cached && cached.version === readCatalogueVersion(db)) return cached;
      // Version and rows from one snapshot: a write landing meanwhile can't be labelled old.
      const { version, songs } = inReadSnapshot(db, () => ({ version: readCatalogueVersion(db), songs: BUILD[view](db) }));
      const body = { version, etag: etagOf(view, version), gzip: Bun.gzipSync(JSON.stringify(songs), { level: 1 }) };
      bodies.set(view, body);
      return body;
    },
  };
}

export type SongListCache = ReturnType<typeof createSongListCache>;
