import { brotliCompress, brotliDecompressSync, constants } from 'node:zlib';
import type { Db } from '../../../db/client.ts';
import { inReadSnapshot, listLiveSongValues, listPublishedSongValues } from '../../../db/queries/songs.ts';
import type { SongValues } from '../../../db/queries/song-values.ts';
import { EVERYONE, type Viewer, viewerKey } from '../../../db/queries/visibility.ts';
import { catalogueVersion } from './catalogue-version.ts';
import { songDtoFromValues } from './dto.ts';

/** `library`: GET /api/songs, the same for every viewer of one restriction. `admin`: GET /api/songs/all, admins only. */
export type SongListView = 'library' | 'admin';
export type SongListEncoding = 'br' | 'gzip' | 'identity';
/** Whose list: a member's restrictions pick the cached list (db/queries/visibility.ts). */
export type SongListViewer = Viewer;

export interface SongListBody {
  etag: string;
  encoding: SongListEncoding;
  bytes: Uint8Array<ArrayBuffer>;
}

type Bytes = Uint8Array<ArrayBuffer>;

interface Entry {
  version: number;
  etag: string;
  encoded: Partial<Record<SongListEncoding, Bytes>>;
  making: Partial<Record<SongListEncoding, Promise<Bytes>>>;
  /** The JSON just built, held only until its first encodings are made. */
  source?: Bytes;
  dropIdentity?: ReturnType<typeof setTimeout>;
  /** A client preferring gzip asked: gzip is kept beside brotli (else it only stood in for it). */
  gzipWanted?: boolean;
}

// The rows of GET /api/songs (the library) and GET /api/songs/all (every live song), as raw values.
const ROWS: Record<SongListView, (db: Db, viewer: Viewer) => SongValues[]> = { library: listPublishedSongValues, admin: (db) => listLiveSongValues(db) };

/** Songs serialised a chunk at a time: the whole list never exists as objects, nor as one string. */
const JSON_CHUNK = 2000;
function jsonOf(rows: SongValues[]): Bytes {
  const parts: Buffer[] = [Buffer.from('[')];
  for (let start = 0; start < rows.length; start += JSON_CHUNK) {
    const chunk = JSON.stringify(rows.slice(start, start + JSON_CHUNK).map(songDtoFromValues));
    parts.push(Buffer.from(start === 0 ? chunk.slice(1, -1) : `,${chunk.slice(1, -1)}`));
  }
  parts.push(Buffer.from(']'));
  return Buffer.concat(parts) as Bytes;
}

/** Weak: every encoding carries the same JSON. The view and the restriction keep lists apart. */
const etagOf = (view: SongListView, version: number, restriction: string) =>
  restriction === '' ? `W/"songs-${view}-${version}"` : `W/"songs-${view}-r${Bun.hash(restriction).toString(36)}-${version}"`;

// gzip level 1 (libdeflate): ~25 ms for the 21 MiB list. Brotli quality 2: a third smaller
// (quality 4 is no smaller and twice as slow), ~60–90 ms, compressed on the thread pool in
// 1 MiB steps so the event loop stays free.
const gzip = (json: Bytes): Bytes => Bun.gzipSync(json, { level: 1 });
const brotli = (json: Bytes) =>
  new Promise<Bytes>((resolve, reject) =>
    brotliCompress(
      json,
      { chunkSize: 1024 * 1024, params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } },
      (error, out) => (error ? reject(error) : resolve(new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength))),
    ),
  );

/**
 * The two big song lists, serialised once per catalogue version and kept in memory in the
 * encodings clients asked for: brotli (~2 MiB at 50,000 songs), and gzip (~3 MiB) while a
 * client preferring it asks (a browser's gzip only stands in until brotli is made). The plain
 * JSON (~21 MiB) is kept only while clients without compression keep asking (`identityTtlMs`
 * after the last), so no request decompresses and idle memory stays small. Any write to songs
 * or albums bumps the version in the database, so a stale body is never served.
 */
export function createSongListCache(db: Db, options: { identityTtlMs?: number } = {}) {
  const identityTtlMs = options.identityTtlMs ?? 60_000;
  // One entry per view and restriction: a restricted member never gets another's list.
  const entries = new Map<string, Entry>();
  /** Work done, for tests and benches: list builds, encodings made, decompressions. */
  const work = { builds: 0, encodes: 0, decodes: 0 };

  /** The view's entry for the current version; a new version builds the JSON once. */
  function current(view: SongListView, viewer: Viewer): Entry {
    const restriction = view === 'admin' ? '' : viewerKey(viewer);
    const key = `${view}|${restriction}`;
    const cached = entries.get(key);
    if (cached && cached.version === catalogueVersion(db)) return cached;
    if (cached?.dropIdentity) clearTimeout(cached.dropIdentity);
    // Version and rows from one snapshot: a write landing meanwhile can't be labelled old.
    const { version, rows } = inReadSnapshot(db, () => ({ version: catalogueVersion(db), rows: ROWS[view](db, viewer) }));
    work.builds += 1;
    // Older versions of other restrictions go now, or they would stay until asked again.
    for (const [other, old] of entries) if (old.version !== version && !other.endsWith('|')) entries.delete(other);
    const entry: Entry = { version, etag: etagOf(view, version, restriction), encoded: {}, making: {}, source: jsonOf(rows) };
    entries.set(key, entry);
    return entry;
  }

  /** The plain JSON of an entry: just built, kept for identity clients, or decoded once. */
  function plain(entry: Entry): Bytes {
    const held = entry.source ?? entry.encoded.identity;
    if (held) return held;
    work.decodes += 1;
    const { gzip: gz, br } = entry.encoded;
    return (gz ? Bun.gunzipSync(gz) : brotliDecompressSync(br!)) as Bytes;
  }

  /** Plain JSON stays while identity clients ask; with nothing else cached the entry goes. */
  function keepIdentity(entry: Entry): void {
    if (entry.dropIdentity) clearTimeout(entry.dropIdentity);
    entry.dropIdentity = setTimeout(() => {
      delete entry.encoded.identity;
      if (!entry.encoded.gzip && !entry.encoded.br) for (const [key, held] of entries) if (held === entry) entries.delete(key);
    }, identityTtlMs);
    entry.dropIdentity.unref?.();
  }

  function make(entry: Entry, encoding: SongListEncoding): Promise<Bytes> {
    let making = entry.making[encoding];
    if (!making) {
      making = encode(entry, encoding).finally(() => delete entry.making[encoding]);
      entry.making[encoding] = making;
    }
    return making;
  }

  async function encode(entry: Entry, encoding: SongListEncoding): Promise<Bytes> {
    const source = plain(entry);
    work.encodes += 1;
    const bytes = encoding === 'br' ? await brotli(source) : encoding === 'gzip' ? gzip(source) : source;
    entry.encoded[encoding] = bytes;
    // gzip made only to stand in while brotli was made goes once brotli is there (~6 MB a list at
    // 100,000 songs); a client that prefers gzip keeps it.
    if (entry.encoded.br && !entry.gzipWanted) delete entry.encoded.gzip;
    if (Object.keys(entry.making).length <= 1) delete entry.source; // this one is the last in flight
    return bytes;
  }

  return {
    work,
    /** The encodings held for a view's current entry (tests, and a bench's memory figure). */
    cached(view: SongListView, viewer: Viewer = EVERYONE): SongListEncoding[] {
      return (Object.keys(entries.get(`${view}|${view === 'admin' ? '' : viewerKey(viewer)}`)?.encoded ?? {}) as SongListEncoding[]).sort();
    },
    /** The ETag the view has now for this viewer: one indexed read, no list work. */
    currentEtag(view: SongListView, viewer: Viewer = EVERYONE): string {
      return etagOf(view, catalogueVersion(db), view === 'admin' ? '' : viewerKey(viewer));
    },
    /**
     * The view's body in the first of `accepted` (preference order) that is ready. When none
     * is, the best is made, and concurrent requests share that making; except that a client
     * taking gzip as well is not kept waiting for brotli (slower to make): it gets gzip now,
     * while brotli is made on the thread pool for the requests after it.
     */
    async body(view: SongListView, accepted: SongListEncoding[], viewer: Viewer = EVERYONE): Promise<SongListBody> {
      const entry = current(view, viewer);
      const best = accepted[0] ?? 'identity';
      if (best === 'identity') keepIdentity(entry);
      if (best === 'gzip') entry.gzipWanted = true;
      // Plain JSON only to clients that take nothing else: 21 MiB is never a fallback.
      const ready = accepted.find((encoding) => entry.encoded[encoding] && (encoding !== 'identity' || best === 'identity'));
      const gzipWillDo = best === 'br' && accepted.includes('gzip');
      if (gzipWillDo && ready !== 'br') make(entry, 'br').catch(() => {}); // a failed brotli leaves gzip in use
      if (ready) return { etag: entry.etag, encoding: ready, bytes: entry.encoded[ready]! };
      const now = gzipWillDo ? 'gzip' : best;
      return { etag: entry.etag, encoding: now, bytes: await make(entry, now) };
    },
  };
}

export type SongListCache = ReturnType<typeof createSongListCache>;
