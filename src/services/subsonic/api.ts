import type { Db } from '../../../db/client.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { type NowPlaying, activityLists, nowPlayingList, scrobble, star, starred, starred2, unstar, userMarks } from './activity.ts';
import { album, artist, artists, indexes, musicDirectory, musicFolders, randomSongs, song } from './browse.ts';
import type { Marks } from './dto.ts';
import type { Library, LibraryIndex } from './library.ts';
import type { LibraryScanner } from '../media/library-scan.ts';
import { type ActivityLists, albumList, albumList2, genres, songsByGenre } from './lists.ts';
import { bookmarks, createBookmark, deleteBookmark } from './bookmarks.ts';
import { albumInfo, artistInfo } from './info.ts';
import { similarSongs, topSongs } from './mixes.ts';
import type { Params } from './params.ts';
import { playQueue, playQueueByIndex, savePlayQueue, savePlayQueueByIndex } from './play-queue.ts';
import { createRadioStation, deleteRadioStationOf, radioStations, updateRadioStationOf } from './radio.ts';
import { reportPlayback } from './playback-report.ts';
import { setRating } from './ratings.ts';
import { createPlaylist, deletePlaylist, playlist, playlists, updatePlaylist } from './playlists.ts';
import { lyrics, lyricsBySongId } from './lyrics.ts';
import { scanStatus, startScan } from './scan.ts';
import { search2, search3 } from './search.ts';
import { createShare, deleteShare, shares, updateShare } from './shares.ts';
import { GONE, NOT_IMPLEMENTED, gone, notImplemented } from './unoffered.ts';
import { avatar, userInfo, users } from './users.ts';
import type { XmlObject } from './xml.ts';

/** One authenticated API call, free of HTTP: what every method below reads. */
export interface Call {
  db: Db;
  user: UserRow;
  params: Params;
  now: number;
  nowPlaying: NowPlaying;
  /** Where the family reaches Hearth (PUBLIC_URL, else the request's origin): share links. */
  origin: string;
  /** The Subsonic routes' library index (rebuilt per catalogue version). */
  libraries: LibraryIndex;
  /** startScan's background imports of the recorded folders. */
  scanner: LibraryScanner;
}

interface Context extends Call {
  library: Library;
  marks: Marks;
  activity: ActivityLists;
}

/** What routes/subsonic/media.ts sends for a method that answers bytes. */
export type MediaAnswer = 'stream' | 'download' | 'coverArt';

/**
 * One row of the method table: a method answers data (the envelope, in XML, JSON or JSONP,
 * around what `run` returns) or bytes (audio or an image, with ranges and HEAD). Every method
 * needs a signed-in user but the one that tells apps how to sign in.
 */
export type SubsonicMethod =
  | { answers: 'data'; signIn: false; run: () => XmlObject }
  | { answers: 'data'; signIn: true; run: (context: Context) => XmlObject }
  | { answers: 'bytes'; signIn: true; send: MediaAnswer };

export type DataMethod = Extract<SubsonicMethod, { answers: 'data'; signIn: true }>;

const data = (run: DataMethod['run']): DataMethod => ({ answers: 'data', signIn: true, run });
const bytes = (send: MediaAnswer): SubsonicMethod => ({ answers: 'bytes', signIn: true, send });

/**
 * The OpenSubsonic extensions Hearth speaks (also answered without signing in): only those whose
 * methods work, each with a test (indexBasedQueue: the ByIndex play queue; playbackReport:
 * reportPlayback; songLyrics: getLyricsBySongId).
 */
export function openSubsonicExtensions(): XmlObject {
  return {
    openSubsonicExtensions: [
      { name: 'apiKeyAuthentication', versions: [1] },
      { name: 'formPost', versions: [1] },
      { name: 'indexBasedQueue', versions: [1] },
      { name: 'playbackReport', versions: [1] },
      { name: 'songLyrics', versions: [1] },
      { name: 'transcodeOffset', versions: [1] },
    ],
  };
}

const METHODS: Record<string, SubsonicMethod> = {
  ping: data(() => ({})),
  getLicense: data(() => ({ license: { valid: true } })),
  getOpenSubsonicExtensions: { answers: 'data', signIn: false, run: openSubsonicExtensions },
  getMusicFolders: data(musicFolders),
  getIndexes: data((c) => indexes(c.library, c.marks, c.params)),
  getArtists: data((c) => artists(c.library, c.marks)),
  getArtist: data((c) => artist(c.db, c.library, c.marks, c.params)),
  getMusicDirectory: data((c) => musicDirectory(c.db, c.library, c.marks, c.params)),
  getAlbum: data((c) => album(c.db, c.library, c.marks, c.params)),
  getSong: data((c) => song(c.db, c.library, c.marks, c.params)),
  getAlbumList: data((c) => albumList(c, c.marks)),
  getAlbumList2: data((c) => albumList2(c, c.marks)),
  getGenres: data((c) => genres(c.db, c.user)),
  getSongsByGenre: data((c) => songsByGenre(c.db, c.library, c.marks, c.params)),
  getArtistInfo: data((c) => artistInfo(c.db, c.library, c.marks, c.params, c.origin, 1)),
  getArtistInfo2: data((c) => artistInfo(c.db, c.library, c.marks, c.params, c.origin, 2)),
  getAlbumInfo: data((c) => albumInfo(c.db, c.library, c.params, c.origin)),
  getAlbumInfo2: data((c) => albumInfo(c.db, c.library, c.params, c.origin)),
  getTopSongs: data((c) => topSongs(c.db, c.library, c.marks, c.params)),
  getSimilarSongs: data((c) => similarSongs(c.db, c.library, c.marks, c.params, 1)),
  getSimilarSongs2: data((c) => similarSongs(c.db, c.library, c.marks, c.params, 2)),
  getRandomSongs: data((c) => randomSongs(c.db, c.library, c.marks, c.params)),
  search2: data((c) => search2(c.db, c.library, c.marks, c.params)),
  search3: data((c) => search3(c.db, c.library, c.marks, c.params)),
  getPlaylists: data((c) => playlists(c.db, c.user, c.params)),
  getPlaylist: data((c) => playlist(c.db, c.library, c.marks, c.params)),
  createPlaylist: data((c) => createPlaylist(c.db, c.library, c.marks, c.user, c.params, new Date(c.now))),
  updatePlaylist: data((c) => updatePlaylist(c.db, c.user, c.params, new Date(c.now))),
  deletePlaylist: data((c) => deletePlaylist(c.db, c.user, c.params, new Date(c.now))),
  getUser: data((c) => userInfo(c.db, c.user, c.params)),
  getUsers: data((c) => users(c.db, c.user)),
  getAvatar: data((c) => avatar(c.params)),
  getScanStatus: data((c) => scanStatus(c.library, c.scanner)),
  startScan: data((c) => startScan(c.user, c.library, c.scanner)),
  getLyrics: data((c) => lyrics(c.db, c.user, c.params)),
  getLyricsBySongId: data((c) => lyricsBySongId(c.db, c.user, c.params)),
  scrobble: data((c) => scrobble(c.db, c.user, c.params, c.nowPlaying, c.now)),
  reportPlayback: data((c) => reportPlayback(c.db, c.user, c.params, c.nowPlaying, c.now)),
  star: data((c) => star(c.db, c.library, c.user, c.params, c.now)),
  unstar: data((c) => unstar(c.db, c.library, c.user, c.params)),
  setRating: data((c) => setRating(c.db, c.library, c.user, c.params, c.now)),
  getPlayQueue: data((c) => playQueue(c.db, c.library, c.marks, c.user)),
  savePlayQueue: data((c) => savePlayQueue(c.db, c.user, c.params, c.now)),
  getPlayQueueByIndex: data((c) => playQueueByIndex(c.db, c.library, c.marks, c.user)),
  savePlayQueueByIndex: data((c) => savePlayQueueByIndex(c.db, c.user, c.params, c.now)),
  getBookmarks: data((c) => bookmarks(c.db, c.library, c.marks, c.user)),
  createBookmark: data((c) => createBookmark(c.db, c.user, c.params, c.now)),
  deleteBookmark: data((c) => deleteBookmark(c.db, c.user, c.params)),
  getShares: data((c) => shares(c.db, c.library, c.marks, c.user, c.origin, c.now)),
  createShare: data((c) => createShare(c.db, c.library, c.marks, c.user, c.params, c.origin, c.now)),
  updateShare: data((c) => updateShare(c.db, c.user, c.params, c.now)),
  deleteShare: data((c) => deleteShare(c.db, c.user, c.params)),
  getInternetRadioStations: data((c) => radioStations(c.db)),
  createInternetRadioStation: data((c) => createRadioStation(c.db, c.user, c.params)),
  updateInternetRadioStation: data((c) => updateRadioStationOf(c.db, c.user, c.params)),
  deleteInternetRadioStation: data((c) => deleteRadioStationOf(c.db, c.user, c.params)),
  getStarred: data((c) => starred(c.db, c.library, c.marks, c.user)),
  getStarred2: data((c) => starred2(c.db, c.library, c.marks, c.user)),
  getNowPlaying: data((c) => nowPlayingList(c.db, c.library, c.marks, c.nowPlaying, c.now)),
  stream: bytes('stream'),
  download: bytes('download'),
  getCoverArt: bytes('coverArt'),
  ...Object.fromEntries(NOT_IMPLEMENTED.map((name) => [name, data(() => notImplemented(name))])),
  ...Object.fromEntries(GONE.map((name) => [name, data(() => gone(name))])),
};

/** Every method's name and what it answers, for the tests that go through the whole table. */
export function listMethods(): { name: string; answers: SubsonicMethod['answers'] }[] {
  return Object.entries(METHODS).map(([name, method]) => ({ name, answers: method.answers }));
}

/** The method of that name (without `.view`), or null for one Hearth does not speak. */
export function findMethod(name: string): SubsonicMethod | null {
  return Object.hasOwn(METHODS, name) ? METHODS[name]! : null;
}

/** Runs a method that answers data for a signed-in user. */
export function runMethod(method: DataMethod, call: Call): XmlObject {
  // The library is read (and after a write rebuilt) only by the methods that browse with it.
  let library: Library | undefined;
  const context: Context = {
    ...call,
    get library() {
      return (library ??= call.libraries.current(call.now, call.user));
    },
    marks: userMarks(call.db, call.user.id),
    activity: activityLists(call.db, call.user),
  };
  return method.run(context);
}
