import { AUDIO_CONTENT_TYPES, type AudioFormat } from '../../shared/audio-formats.ts';
import type { SongDto } from '../../shared/types.ts';
import { type Library, type LibraryAlbum, type LibraryArtist, UNKNOWN_ARTIST, artistId } from './library.ts';
import type { XmlObject } from './xml.ts';

/** What one user has done with an item (stars, plays): filled in by ./marks.ts. */
export interface Marks {
  starred(kind: 'song' | 'album' | 'artist', id: string): number | undefined;
  plays(songId: number): { count: number; lastPlayedAt: number } | undefined;
  /** The user's 1–5 rating, if any (./ratings.ts). */
  rating(kind: 'song' | 'album' | 'artist', id: string): number | undefined;
}

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

const albumIdOf = (id: number) => `al-${id}`;
const songCoverId = (id: number) => `mf-${id}`;

/** The type the API names and sends a format as: Opus as plain `audio/ogg` (some players refuse `codecs=`). */
export const apiContentType = (format: AudioFormat): string => (format === 'opus' ? 'audio/ogg' : (AUDIO_CONTENT_TYPES[format] ?? 'application/octet-stream'));

const formatOf = (song: SongDto) => song.audioUrl.slice(song.audioUrl.lastIndexOf('.') + 1) as AudioFormat;

/**
 * A song as the API's `Child`. Built from the web API's own DTO, so the same song reads the same
 * everywhere; its share id, audio URL and file name stay out (nothing internal leaks).
 */
export function toChild(song: SongDto, library: Library, marks: Marks): XmlObject {
  const suffix = formatOf(song);
  const album = song.albumId === null ? undefined : library.albumsById.get(song.albumId);
  const plays = marks.plays(song.id);
  const coverArt = song.artworkUrl ? songCoverId(song.id) : album?.hasArtwork ? albumIdOf(album.id) : undefined;
  const artist = song.artist ?? UNKNOWN_ARTIST;
  // Its genres, or its tags when it has none (docs/decisions/147-genres-split-from-tags.md).
  const genres = song.genres.length > 0 ? song.genres : song.tags;
  return {
    id: String(song.id),
    parent: album ? albumIdOf(album.id) : undefined,
    isDir: false,
    title: song.title,
    album: song.albumName ?? undefined,
    artist,
    track: song.trackNumber ?? song.albumOrder ?? undefined,
    year: song.year ?? undefined,
    genre: genres[0],
    coverArt,
    size: song.fileSize,
    contentType: apiContentType(suffix),
    suffix,
    duration: Math.round(song.duration),
    bitRate: song.duration > 0 ? Math.round((song.fileSize * 8) / song.duration / 1000) : undefined,
    albumId: album ? albumIdOf(album.id) : undefined,
    artistId: artistId(artist),
    type: 'music',
    mediaType: 'song',
    isVideo: false,
    created: song.createdAt,
    starred: iso(marks.starred('song', String(song.id))),
    userRating: marks.rating('song', String(song.id)),
    playCount: plays?.count ?? 0,
    played: iso(plays?.lastPlayedAt),
    discNumber: song.discNumber ?? undefined,
    // OpenSubsonic's list; the schema wants it before replayGain.
    genres: genres.map((name) => ({ name })),
    replayGain: replayGainOf(song),
    // OpenSubsonic: "explicit", "clean" (an edited version) or "" (not known); Hearth knows only the first.
    explicitStatus: song.explicit ? 'explicit' : '',
  };
}

/** OpenSubsonic's replayGain: Hearth's measured (or tagged) gains to -18 LUFS, peaks linear. */
function replayGainOf(song: SongDto): XmlObject | undefined {
  if (song.trackGain === null && song.trackPeak === null) return undefined;
  return { trackGain: song.trackGain ?? undefined, albumGain: song.albumGain ?? undefined, trackPeak: song.trackPeak ?? undefined, albumPeak: song.albumPeak ?? undefined };
}

export function toAlbumId3(album: LibraryAlbum, marks: Marks): XmlObject {
  return {
    id: albumIdOf(album.id),
    name: album.name,
    artist: album.artistName,
    artistId: album.artistId,
    coverArt: album.hasArtwork ? albumIdOf(album.id) : undefined,
    songCount: album.songCount,
    duration: Math.round(album.duration),
    created: new Date(album.createdAt).toISOString(),
    year: album.year ?? undefined,
    genre: album.genre ?? undefined,
    starred: iso(marks.starred('album', albumIdOf(album.id))),
    userRating: marks.rating('album', albumIdOf(album.id)),
  };
}

/** An artist as the folder methods' `Artist` (getIndexes): no album count or cover, which only the ID3 form has. */
export function toArtist(artist: LibraryArtist, marks: Marks): XmlObject {
  return { id: artist.id, name: artist.name, starred: iso(marks.starred('artist', artist.id)) };
}

export function toArtistId3(artist: LibraryArtist, library: Library, marks: Marks): XmlObject {
  const pictured = artist.albumIds.some((id) => library.albumsById.get(id)?.hasArtwork);
  return {
    id: artist.id,
    name: artist.name,
    // Songs on no album make one more, album-less entry (./loose-songs.ts).
    albumCount: artist.albumIds.length + (artist.looseSongIds.length > 0 ? 1 : 0),
    coverArt: pictured ? artist.id : undefined,
    starred: iso(marks.starred('artist', artist.id)),
  };
}
