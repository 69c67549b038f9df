import type { Db } from '../../../db/client.ts';
import { addStar, countPlay, findPlay, listPlayedAlbumIds, listStars, removeStar } from '../../../db/queries/listening.ts';
import { listRatedAlbumItemIds, listRatings } from '../../../db/queries/phone-apps.ts';
import { listVisibleSongValuesByIds } from '../../../db/queries/subsonic.ts';
import type { StarKind, UserRow } from '../../../db/schema/index.ts';
import { songDtoFromValues, toSongDto } from '../catalogue/dto.ts';
import { requireAlbum, requireArtist, requireVisibleSong } from './browse.ts';
import { type Marks, toAlbumId3, toArtistId3, toChild } from './dto.ts';
import { missing } from './errors.ts';
import type { Library } from './library.ts';
import { type ActivityLists, toAlbumChild, toArtistFolder } from './lists.ts';
import type { Params } from './params.ts';
import type { XmlObject } from './xml.ts';
import type { Viewer } from '../../../db/queries/visibility.ts';

/** A user's stars and ratings (read once per call, on first need) and plays, for every listing. */
export function userMarks(db: Db, userId: number): Marks {
  let starred: Map<string, number> | undefined;
  let rated: Map<string, number> | undefined;
  return {
    rating(kind, id) {
      rated ??= new Map(listRatings(db, userId).map((found) => [`${found.kind}:${found.itemId}`, found.rating]));
      return rated.get(`${kind}:${id}`);
    },
    starred(kind, id) {
      starred ??= new Map(listStars(db, userId).map((star) => [`${star.kind}:${star.itemId}`, star.createdAt]));
      return starred.get(`${kind}:${id}`);
    },
    plays: (songId) => findPlay(db, userId, songId),
  };
}

export function activityLists(db: Db, user: UserRow): ActivityLists {
  const userId = user.id;
  return {
    frequent: () => listPlayedAlbumIds(db, user, userId, 'frequent'),
    recent: () => listPlayedAlbumIds(db, user, userId, 'recent'),
    starred: () =>
      listStars(db, userId)
        .filter((star) => star.kind === 'album')
        .map((star) => Number(star.itemId.slice(3))),
    highest: () => listRatedAlbumItemIds(db, userId).map((itemId) => Number(itemId.slice(3))),
  };
}

interface Playing {
  songId: number;
  at: number;
  player: string;
  username: string;
  until: number;
}

/** What each family member is playing now (scrobble with submission=false); in memory, gone at restart. */
export class NowPlaying {
  private readonly byUser = new Map<number, Playing>();

  set(user: Pick<UserRow, 'id' | 'username'>, songId: number, duration: number, player: string, now: number): void {
    // Shown while the song could still be playing (and a minute more for pauses).
    this.byUser.set(user.id, { songId, at: now, player: player.slice(0, 64), username: user.username, until: now + (duration + 60) * 1000 });
  }

  /** The user stopped playing (a playback report said so). */
  clear(userId: number): void {
    this.byUser.delete(userId);
  }

  list(now: number): Playing[] {
    for (const [userId, playing] of this.byUser) if (playing.until < now) this.byUser.delete(userId);
    return [...this.byUser.values()].sort((a, b) => b.at - a.at);
  }
}

/** The song's id as a number, 70 when the family cannot hear it. */
const visibleSongId = (db: Db, viewer: Viewer, raw: string) => requireVisibleSong(db, viewer, raw).song.id;

/**
 * scrobble: `submission` (the default) counts a play for each id at its `time` (ms since the
 * epoch, else now); `submission=false` says what is playing now.
 */
export function scrobble(db: Db, user: UserRow, params: Params, nowPlaying: NowPlaying, now: number): XmlObject {
  const ids = params.all('id');
  if (ids.length === 0) throw missing('id');
  const songs = ids.map((raw) => requireVisibleSong(db, user, raw).song);
  if (params.bool('submission') === false) {
    nowPlaying.set(user, songs[0]!.id, songs[0]!.duration, params.get('c') ?? '', now);
    return {};
  }
  const times = params.all('time');
  songs.forEach((song, index) => {
    const time = Number(times[index]);
    countPlay(db, user.id, song.id, Number.isSafeInteger(time) && time > 0 && time <= now ? time : now);
  });
  return {};
}

/** The star (and rating) targets named by `id` (songs, or al-/ar- ids as older apps send), `albumId` and `artistId`. */
export function starTargets(db: Db, library: Library, params: Params): [StarKind, string][] {
  const targets: [StarKind, string][] = [];
  const album = (raw: string) => targets.push(['album', `al-${requireAlbum(library, raw).id}`]);
  const artist = (raw: string) => targets.push(['artist', requireArtist(library, raw).id]);
  for (const raw of params.all('id')) {
    if (raw.startsWith('al-')) album(raw);
    else if (raw.startsWith('ar-')) artist(raw);
    else targets.push(['song', String(visibleSongId(db, library.viewer, raw))]);
  }
  params.all('albumId').forEach(album);
  params.all('artistId').forEach(artist);
  if (targets.length === 0) throw missing('id, albumId or artistId');
  return targets;
}

export function star(db: Db, library: Library, user: UserRow, params: Params, now: number): XmlObject {
  for (const [kind, id] of starTargets(db, library, params)) addStar(db, user.id, kind, id, now);
  return {};
}

export function unstar(db: Db, library: Library, user: UserRow, params: Params): XmlObject {
  for (const [kind, id] of starTargets(db, library, params)) removeStar(db, user.id, kind, id);
  return {};
}

/** What the user starred and the family can still see, newest first. */
function starredItems(db: Db, library: Library, user: UserRow) {
  const stars = listStars(db, user.id);
  const ids = (kind: StarKind) => stars.filter((found) => found.kind === kind).map((found) => found.itemId);
  return {
    songs: listVisibleSongValuesByIds(db, library.viewer, ids('song').map(Number)).map(songDtoFromValues),
    albums: ids('album')
      .map((id) => library.albumsById.get(Number(id.slice(3))))
      .filter((found) => found !== undefined),
    artists: ids('artist')
      .map((id) => library.artistsById.get(id))
      .filter((found) => found !== undefined),
  };
}

export function starred2(db: Db, library: Library, marks: Marks, user: UserRow): XmlObject {
  const { songs, albums, artists } = starredItems(db, library, user);
  return {
    starred2: {
      artist: artists.map((found) => toArtistId3(found, library, marks)),
      album: albums.map((found) => toAlbumId3(found, marks)),
      song: songs.map((found) => toChild(found, library, marks)),
    },
  };
}

/** getStarred: the same in the folder shapes. */
export function starred(db: Db, library: Library, marks: Marks, user: UserRow): XmlObject {
  const { songs, albums, artists } = starredItems(db, library, user);
  return {
    starred: {
      artist: artists.map((found) => toArtistFolder(found, marks)),
      album: albums.map((found) => toAlbumChild(found, marks)),
      song: songs.map((found) => toChild(found, library, marks)),
    },
  };
}

export function nowPlayingList(db: Db, library: Library, marks: Marks, nowPlaying: NowPlaying, now: number): XmlObject {
  const entry: XmlObject[] = [];
  for (const playing of nowPlaying.list(now)) {
    let child: XmlObject;
    try {
      const found = requireVisibleSong(db, library.viewer, String(playing.songId));
      child = toChild(toSongDto(found.song, found.albumName), library, marks);
    } catch {
      continue; // unpublished or trashed since: no longer shown
    }
    entry.push({ ...child, username: playing.username, minutesAgo: Math.floor((now - playing.at) / 60_000), playerId: 0, playerName: playing.player });
  }
  return { nowPlaying: { entry } };
}
