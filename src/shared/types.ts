/**
 * JSON shapes the API returns, as types only: each is derived from its schema in ./schemas/
 * (`Static<typeof …>`). The browser imports these; type-only exports keep TypeBox out of its bundle.
 */
export type { DisplayPreference, SongStatus } from './enums.ts';
export type { AlbumDto } from './schemas/album.ts';
export type { AppPasswordDto, NewAppPasswordDto } from './schemas/app-password.ts';
export type { ErrorDto } from './schemas/error.ts';
export type { RecentPlayDto } from './schemas/listening.ts';
export type { PlaylistDto } from './schemas/playlist.ts';
export type { SearchResultDto } from './schemas/search.ts';
export type { SettingsDto } from './schemas/settings.ts';
export type { AlbumShareDto, PlaylistShareDto, TempShareDto } from './schemas/share.ts';
export type { BulkResultDto, SongDto } from './schemas/song.ts';
export type { DeletedAlbumDto, DeletedSongDto } from './schemas/trash.ts';
export type { ImageUploadDto } from './schemas/upload.ts';
export type { UserDto } from './schemas/user.ts';
