import { createHash } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import { inReadSnapshot } from '../../../db/queries/songs.ts';
import { listLibraryRows, listLiveAlbums } from '../../../db/queries/subsonic.ts';
import { type Viewer, viewerKey } from '../../../db/queries/visibility.ts';
import { catalogueVersion } from '../catalogue/catalogue-version.ts';
import { keepGenreIndexOf } from './genres.ts';

/** A library row's id, live album id and genres' JSON text, for the genre index built beside it. */
const LIBRARY_GENRE_COLUMNS = [0, 2, 6] as const;

export const UNKNOWN_ARTIST = 'Unknown Artist';
const VARIOUS_ARTISTS = 'Various Artists';

/** An artist as the phone apps see it: derived from the songs' artist tags (and album artists). */
export interface LibraryArtist {
  id: string;
  name: string;
  /** Albums it is the album artist of, or has songs on; by name. */
  albumIds: number[];
  songCount: number;
  /** Its songs, oldest first (instant mixes). */
  songIds: number[];
  /** Its songs on no album, shown under it as one album-less entry so browsing reaches them. */
  looseSongIds: number[];
}

export interface LibraryAlbum {
  id: number;
  name: string;
  artistName: string;
  artistId: string;
  songCount: number;
  duration: number;
  createdAt: number;
  hasArtwork: boolean;
  /** Its songs, oldest first. */
  songIds: number[];
  /** The latest year of its songs, and the first genre most of its songs have; null when none. */
  year: number | null;
  genre: string | null;
}

/** The browsable shape of what the family may hear: one per catalogue version, kept in memory. */
export interface Library {
  version: number;
  /** Whose library this is: its restrictions decide every song in it, and the reads made beside it. */
  viewer: Viewer;
  builtAt: number;
  /** Sorted by name (leading articles ignored), as the index lists them. */
  artists: LibraryArtist[];
  artistsById: Map<string, LibraryArtist>;
  /** Sorted by name. */
  albums: LibraryAlbum[];
  albumsById: Map<number, LibraryAlbum>;
  /** Every visible song id, oldest first (random picks, full syncs). */
  songIds: Int32Array;
  /** Each of songIds' year, 0 when it has none (random songs by year). */
  songYears: Uint16Array;
}

/** Artist names compare as one when they differ only in case, spacing or Unicode form. */
function artistKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Stable across restarts and re-imports: derived from the normalised name alone. */
export function artistId(name: string): string {
  return `ar-${createHash('sha1').update(artistKey(name)).digest('hex').slice(0, 16)}`;
}

export const IGNORED_ARTICLES = ['The', 'El', 'La', 'Los', 'Las', 'Le', 'Les'];
const ARTICLE = new RegExp(`^(${IGNORED_ARTICLES.join('|')})\\s+`, 'i');
export const sortName = (name: string) => name.replace(ARTICLE, '');
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export const byName = (a: string, b: string) => collator.compare(sortName(a), sortName(b));

interface AlbumTally extends LibraryAlbum {
  counts: Map<string, number>;
  /** By case-folded first genre: its first spelling and how many songs have it. */
  genres: Map<string, [string, number]>;
}

type ArtistTally = LibraryArtist & { albums: Set<number>; key: string };

/** The first of a JSON array of genres when it is a non-empty string, with its case-folded key. */
function firstGenre(json: string): [string, string] | null {
  let first: unknown;
  try {
    first = (JSON.parse(json) as unknown[])[0];
  } catch {
    return null;
  }
  return typeof first === 'string' && first !== '' ? [first, first.toLowerCase()] : null;
}

function tally(db: Db, viewer: Viewer, version: number) {
  const artists = new Map<string, ArtistTally>();
  const albums = new Map<number, AlbumTally>();
  // By the tag as written: the key (normalised) is worked out once per spelling, not per song.
  const spellings = new Map<string, ArtistTally>();
  const artistOf = (name: string) => {
    const spelled = spellings.get(name);
    if (spelled) return spelled;
    const key = artistKey(name);
    let artist = artists.get(key);
    if (!artist) artists.set(key, (artist = { id: artistId(name), name, key, albumIds: [], songCount: 0, songIds: [], looseSongIds: [], albums: new Set() }));
    spellings.set(name, artist);
    return artist;
  };
  // A song's genre is the first of its genres' JSON text: worked out once per distinct text.
  const firstGenres = new Map<string, [name: string, key: string] | null>();
  const firstGenreOf = (json: string): [string, string] | null => {
    let found = firstGenres.get(json);
    if (found === undefined) firstGenres.set(json, (found = firstGenre(json)));
    return found;
  };
  // One read transaction: the songs' live albums and the albums' names agree.
  const [rows, liveAlbums] = inReadSnapshot(db, () => [listLibraryRows(db, viewer), listLiveAlbums(db)] as const);
  const songIds = new Int32Array(rows.length);
  const songYears = new Uint16Array(rows.length);
  rows.forEach(([id, rawArtist, albumId, duration, hasArtwork, year, genres], index) => {
    songIds[index] = id;
    songYears[index] = year ?? 0;
    const artist = artistOf(rawArtist ?? UNKNOWN_ARTIST);
    artist.songCount += 1;
    artist.songIds.push(id);
    let album = albumId === null ? undefined : albums.get(albumId);
    const head = albumId === null || album ? undefined : liveAlbums.get(albumId);
    if (albumId === null || (!album && !head)) {
      artist.looseSongIds.push(id);
      return;
    }
    if (!album) {
      album = { id: albumId, name: head![0], artistName: '', artistId: '', songCount: 0, duration: 0, createdAt: head![1] ?? 0, hasArtwork: false, songIds: [], year: null, genre: null, counts: new Map(), genres: new Map() };
      albums.set(albumId, album);
    }
    album.songCount += 1;
    album.songIds.push(id);
    album.duration += duration;
    album.hasArtwork ||= hasArtwork === 1;
    if (year !== null && (album.year === null || year > album.year)) album.year = year;
    const genre = genres === null ? null : firstGenreOf(genres);
    if (genre) {
      const seen = album.genres.get(genre[1]);
      if (seen) seen[1] += 1;
      else album.genres.set(genre[1], [genre[0], 1]);
    }
    album.counts.set(artist.key, (album.counts.get(artist.key) ?? 0) + 1);
    artist.albums.add(albumId);
  });
  keepGenreIndexOf(db, viewer, version, rows, LIBRARY_GENRE_COLUMNS);
  return { artists, albums, artistOf, songIds, songYears };
}

/** Builds the library from the database (about 50 ms at 50,000 songs). */
function buildLibrary(db: Db, version: number, now: number, viewer: Viewer): Library {
  const { artists, albums, artistOf, songIds, songYears } = tally(db, viewer, version);
  for (const album of albums.values()) {
    // The album artist has most of its songs; with no majority it is a compilation.
    let best: [string, number] = ['', 0];
    for (const entry of album.counts) if (entry[1] > best[1]) best = entry;
    const artist = best[1] * 2 > album.songCount ? artists.get(best[0])! : artistOf(VARIOUS_ARTISTS);
    artist.albums.add(album.id);
    album.artistName = artist.name;
    album.artistId = artist.id;
    let genre: [string, number] | null = null;
    for (const found of album.genres.values()) if (!genre || found[1] > genre[1]) genre = found;
    album.genre = genre?.[0] ?? null;
  }
  const albumList: LibraryAlbum[] = [...albums.values()]
    .map(({ counts: _counts, genres: _genres, ...album }) => album)
    .sort((a, b) => byName(a.name, b.name) || a.id - b.id);
  const order = new Map(albumList.map((album, index) => [album.id, index]));
  const artistList = [...artists.values()]
    .map(({ albums: owned, key: _key, ...artist }) => ({ ...artist, albumIds: [...owned].sort((a, b) => order.get(a)! - order.get(b)!) }))
    .sort((a, b) => byName(a.name, b.name) || a.id.localeCompare(b.id));
  return {
    version,
    viewer: { restrictClean: viewer.restrictClean, restrictAlbumIds: viewer.restrictAlbumIds },
    builtAt: now,
    artists: artistList,
    artistsById: new Map(artistList.map((artist) => [artist.id, artist])),
    albums: albumList,
    albumsById: new Map(albumList.map((album) => [album.id, album])),
    songIds,
    songYears,
  };
}

/**
 * The library index of one database, owned by the Subsonic routes: `current(now, viewer)` is the
 * library for the catalogue as it is now and as that viewer may see it (one per restriction),
 * rebuilt only when the catalogue version moves (any write to the catalogue, from any process).
 */
export function createLibraryIndex(db: Db) {
  const known = new Map<string, Library>();
  return {
    current(now: number, viewer: Viewer): Library {
      const version = catalogueVersion(db);
      const key = viewerKey(viewer);
      const found = known.get(key);
      if (found && found.version === version) return found;
      // Old versions go with the first rebuild; restrictions a family no longer uses go too.
      for (const [other, library] of known) if (library.version !== version) known.delete(other);
      const library = buildLibrary(db, version, now, viewer);
      known.set(key, library);
      return library;
    },
  };
}

export type LibraryIndex = ReturnType<typeof createLibraryIndex>;
