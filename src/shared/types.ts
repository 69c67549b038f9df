/**
 * JSON shapes the API returns and the request bodies it takes, as types only: each is derived
 * from its schema in ./schemas/ (`Static<typeof …>`). The browser imports these; type-only
 * exports keep TypeBox out of its bundle.
 */
export type { DisplayPreference, SongStatus } from './enums.ts';
export type { AccountChanges, AccountDto, NewAccount, Restrictions } from './schemas/accounts.ts';
export type { AlbumDto, AlbumName } from './schemas/album.ts';
export type { AppPasswordDto, AppPasswordName, NewAppPasswordDto } from './schemas/app-password.ts';
export type { BookmarkDto, BookmarkSave } from './schemas/bookmark.ts';
export type { ErrorDto } from './schemas/error.ts';
export type { RadioStationDto, RadioStationInput } from './schemas/radio-station.ts';
export type { PlayReport, RecentPlayDto } from './schemas/listening.ts';
export type { PlayQueueDto, PlayQueueSave } from './schemas/play-queue.ts';
export type { PlaylistDto, PlaylistName, PlaylistOrder, PlaylistSongAdd } from './schemas/playlist.ts';
export type { SearchResultDto } from './schemas/search.ts';
export type { SettingsChanges, SettingsDto } from './schemas/settings.ts';
export type { AlbumShareDto, PlaylistShareDto, TempShareDto } from './schemas/share.ts';
export type { BulkResultDto, BulkSongs, SongDto, SongPageDto, SongPageQuery, SongPatch, SongStatusChange } from './schemas/song.ts';
export type { DeletedAlbumDto, DeletedSongDto } from './schemas/trash.ts';
export type { DuplicateAudioDto, ImageUploadDto, UploadedSongDto } from './schemas/upload.ts';
export type { Credentials, DisplayPreferenceChange, PasswordChange, UserDto } from './schemas/user.ts';
export type { PinChange, PinState, ProfileDto, ProfileList, ProfileSwitch } from './schemas/profiles.ts';
