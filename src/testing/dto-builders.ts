import type { AlbumDto, PlaylistDto, SongDto } from '../shared/types.ts';

/**
 * Whole API answers for island tests that stand in for the server: the client checks answers
 * against their schemas, so a fake answer must be a complete one. Overrides win.
 */
export function songDto(overrides: Partial<SongDto> & Pick<SongDto, 'id'>): SongDto {
  const { id } = overrides;
  return {
    title: `Song ${id}`,
    artist: null,
    tags: [],
    albumId: null,
    albumName: null,
    albumOrder: null,
    artworkUrl: null,
    audioUrl: `/media/songs/s${id}/${'a'.repeat(64)}.mp3`,
    duration: 120,
    fileSize: 1000,
    status: 'published',
    userId: null,
    shareId: `s${id}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    deletedAt: null,
    originalFilename: null,
    hasLyrics: false,
    explicit: false,
    trackGain: null,
    albumGain: null,
    trackPeak: null,
    encoderTrim: null,
    albumPeak: null,
    genres: [],
    year: null,
    discNumber: null,
    trackNumber: null,
    ...overrides,
  };
}

export function playlistDto(overrides: Partial<PlaylistDto> & Pick<PlaylistDto, 'id'>): PlaylistDto {
  return { name: `Playlist ${overrides.id}`, artworkUrl: null, shareId: `p${overrides.id}`, userId: 1, createdAt: '2026-01-01T00:00:00.000Z', ...overrides };
}

export function albumDto(overrides: Partial<AlbumDto> & Pick<AlbumDto, 'id'>): AlbumDto {
  return { name: `Album ${overrides.id}`, artworkUrl: null, shareId: `a${overrides.id}`, createdAt: '2026-01-01T00:00:00.000Z', deletedAt: null, ...overrides };
}
