import type { Db } from '../../../db/client.ts';
import { findUserByUsername } from '../../../db/queries/users.ts';
import type { UserRow } from '../../../db/schema/index.ts';
import { type NowPlaying, activityLists, nowPlayingList, scrobble, star, starred2, unstar, userMarks } from './activity.ts';
import { type ActivityLists, album, albumList2, artist, artists, indexes, musicDirectory, musicFolders, randomSongs, song } from './browse.ts';
import type { Marks } from './dto.ts';
import { notAuthorised, notFound } from './errors.ts';
import type { Library, LibraryIndex } from './library.ts';
import type { Params } from './params.ts';
import { createPlaylist, deletePlaylist, playlist, playlists, updatePlaylist } from './playlists.ts';
import { search3 } from './search.ts';
import type { XmlObject } from './xml.ts';

/** One authenticated API call, free of HTTP: what every method below reads. */
export interface Call {
  db: Db;
  user: UserRow;
  params: Params;
  now: number;
  nowPlaying: NowPlaying;
  /** The Subsonic routes' library index (rebuilt per catalogue version). */
  libraries: LibraryIndex;
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

/** The OpenSubsonic extensions Hearth speaks (also answered without signing in). */
export function openSubsonicExtensions(): XmlObject {
  return {
    openSubsonicExtensions: [
      { name: 'apiKeyAuthentication', versions: [1] },
      { name: 'formPost', versions: [1] },
      { name: 'transcodeOffset', versions: [1] },
    ],
  };
}

function userInfo({ db, user, params }: Context): XmlObject {
  const name = params.get('username') ?? user.username;
  let who = user;
  if (name.toLowerCase() !== user.username.toLowerCase()) {
    if (!user.isAdmin) throw notAuthorised("Only an admin can see another person's account");
    const other = findUserByUsername(db, name.normalize('NFC'));
    if (!other) throw notFound('User');
    who = other;
  }
  return {
    user: {
      username: who.username,
      scrobblingEnabled: true,
      adminRole: who.isAdmin,
      settingsRole: false,
      downloadRole: true,
      uploadRole: false,
      playlistRole: true,
      coverArtRole: false,
      commentRole: false,
      podcastRole: false,
      streamRole: true,
      jukeboxRole: false,
      shareRole: false,
      videoConversionRole: false,
      folder: [1],
    },
  };
}

const METHODS: Record<string, SubsonicMethod> = {
  ping: data(() => ({})),
  getLicense: data(() => ({ license: { valid: true } })),
  getOpenSubsonicExtensions: { answers: 'data', signIn: false, run: openSubsonicExtensions },
  getMusicFolders: data(musicFolders),
  getIndexes: data((c) => indexes(c.library, c.marks, c.params)),
  getArtists: data((c) => artists(c.library, c.marks)),
  getArtist: data((c) => artist(c.library, c.marks, c.params)),
  getMusicDirectory: data((c) => musicDirectory(c.db, c.library, c.marks, c.params)),
  getAlbum: data((c) => album(c.db, c.library, c.marks, c.params)),
  getSong: data((c) => song(c.db, c.library, c.marks, c.params)),
  getAlbumList2: data((c) => albumList2(c.library, c.marks, c.params, c.activity)),
  getRandomSongs: data((c) => randomSongs(c.db, c.library, c.marks, c.params)),
  search3: data((c) => search3(c.db, c.library, c.marks, c.params)),
  getPlaylists: data((c) => playlists(c.db, c.user, c.params)),
  getPlaylist: data((c) => playlist(c.db, c.library, c.marks, c.params)),
  createPlaylist: data((c) => createPlaylist(c.db, c.library, c.marks, c.user, c.params, new Date(c.now))),
  updatePlaylist: data((c) => updatePlaylist(c.db, c.user, c.params, new Date(c.now))),
  deletePlaylist: data((c) => deletePlaylist(c.db, c.user, c.params, new Date(c.now))),
  getUser: data(userInfo),
  scrobble: data((c) => scrobble(c.db, c.user, c.params, c.nowPlaying, c.now)),
  star: data((c) => star(c.db, c.library, c.user, c.params, c.now)),
  unstar: data((c) => unstar(c.db, c.library, c.user, c.params)),
  getStarred2: data((c) => starred2(c.db, c.library, c.marks, c.user)),
  getNowPlaying: data((c) => nowPlayingList(c.db, c.library, c.marks, c.nowPlaying, c.now)),
  stream: bytes('stream'),
  download: bytes('download'),
  getCoverArt: bytes('coverArt'),
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
      return (library ??= call.libraries.current(call.now));
    },
    marks: userMarks(call.db, call.user.id),
    activity: activityLists(call.db, call.user.id),
  };
  return method.run(context);
}
