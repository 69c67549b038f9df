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

type Method = (context: Context) => XmlObject;

/** The OpenSubsonic extensions Hearth speaks (also answered without signing in). */
export function openSubsonicExtensions(): XmlObject {
  return {
    openSubsonicExtensions: [
      { name: 'apiKeyAuthentication', versions: [1] },
      { name: 'formPost', versions: [1] },
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

const METHODS: Record<string, Method> = {
  ping: () => ({}),
  getLicense: () => ({ license: { valid: true } }),
  getOpenSubsonicExtensions: openSubsonicExtensions,
  getMusicFolders: musicFolders,
  getIndexes: (c) => indexes(c.library, c.marks, c.params),
  getArtists: (c) => artists(c.library, c.marks),
  getArtist: (c) => artist(c.library, c.marks, c.params),
  getMusicDirectory: (c) => musicDirectory(c.db, c.library, c.marks, c.params),
  getAlbum: (c) => album(c.db, c.library, c.marks, c.params),
  getSong: (c) => song(c.db, c.library, c.marks, c.params),
  getAlbumList2: (c) => albumList2(c.library, c.marks, c.params, c.activity),
  getRandomSongs: (c) => randomSongs(c.db, c.library, c.marks, c.params),
  search3: (c) => search3(c.db, c.library, c.marks, c.params),
  getPlaylists: (c) => playlists(c.db, c.user, c.params),
  getPlaylist: (c) => playlist(c.db, c.library, c.marks, c.params),
  createPlaylist: (c) => createPlaylist(c.db, c.library, c.marks, c.user, c.params, new Date(c.now)),
  updatePlaylist: (c) => updatePlaylist(c.db, c.user, c.params, new Date(c.now)),
  deletePlaylist: (c) => deletePlaylist(c.db, c.user, c.params, new Date(c.now)),
  getUser: userInfo,
  scrobble: (c) => scrobble(c.db, c.user, c.params, c.nowPlaying, c.now),
  star: (c) => star(c.db, c.library, c.user, c.params, c.now),
  unstar: (c) => unstar(c.db, c.library, c.user, c.params),
  getStarred2: (c) => starred2(c.db, c.library, c.marks, c.user),
  getNowPlaying: (c) => nowPlayingList(c.db, c.library, c.marks, c.nowPlaying, c.now),
};

export const isApiMethod = (name: string) => Object.hasOwn(METHODS, name);

/** Runs a method that answers with data (media methods answer with bytes, in routes/subsonic). */
export function runMethod(name: string, call: Call): XmlObject {
  const method = METHODS[name];
  if (!method) throw notFound('Method');
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
  return method(context);
}
