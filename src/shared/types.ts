/** JSON shapes the API returns; the browser imports these, so no server types here. */
export type DisplayPreference = 'nothing' | 'artist' | 'album' | 'artist-album';

export interface UserDto {
  id: number;
  username: string;
  isAdmin: boolean;
  displayPreference: DisplayPreference;
}

export type SongStatus = 'pending' | 'published';

/** Spec §3 Song. audioUrl and artworkUrl are same-origin paths. Times are ISO 8601. */
export interface SongDto {
  id: number;
  title: string;
  artist: string | null;
  tags: string[];
  albumId: number | null;
  /** The album's name, when the song has a live album (saves a second call on share pages). */
  albumName: string | null;
  albumOrder: number | null;
  artworkUrl: string | null;
  audioUrl: string;
  duration: number;
  fileSize: number;
  status: SongStatus;
  userId: number | null;
  shareId: string;
  createdAt: string;
  deletedAt: string | null;
  originalFilename: string | null;
}

export interface AlbumDto {
  id: number;
  name: string;
  artworkUrl: string | null;
  shareId: string;
  createdAt: string;
  deletedAt: string | null;
}

export interface PlaylistDto {
  id: number;
  name: string;
  artworkUrl: string | null;
  shareId: string;
  userId: number;
  createdAt: string;
}

/** Spec §3 Temporary share; presented to players as a song whose artist is sharedBy. */
export interface TempShareDto {
  id: number;
  title: string;
  sharedBy: string | null;
  audioUrl: string;
  shareId: string;
  duration: number;
  createdAt: string;
  expiresAt: string | null;
}
