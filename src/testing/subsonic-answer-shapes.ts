/**
 * Hearth's own description of the Subsonic answers (API 1.16.1 with the OpenSubsonic fields), written
 * from the published API documentation: for each shape its attributes and child elements.
 * `src/testing/subsonic-schema.ts` turns it into an XML Schema; nothing outside it is allowed.
 */

/** Attribute name to type; a trailing `!` on the name marks one the documentation requires. */
export type Attributes = Record<string, string>;
/** Element name to type, with how many: `?` up to one, `*` any number, `+` at least one, none exactly one. */
export type Elements = Record<string, string>;
export interface Shape {
  attributes?: Attributes;
  elements?: Elements;
  /** Elements in the written order; otherwise any order (they come from JSON objects, which have none). */
  ordered?: boolean;
  /** The element's text is a string (`<genre …>Rock</genre>`). */
  text?: boolean;
}

/** Simple types, as XML Schema restrictions. */
export const SIMPLE_TYPES: Record<string, string> = {
  Status: '<xs:restriction base="xs:string"><xs:enumeration value="ok"/><xs:enumeration value="failed"/></xs:restriction>',
  ApiVersion: '<xs:restriction base="xs:string"><xs:pattern value="\\d+\\.\\d+\\.\\d+"/></xs:restriction>',
  // The codes the documentation defines, OpenSubsonic's 41–44 included.
  ErrorCode: `<xs:restriction base="xs:int">${[0, 10, 20, 30, 40, 41, 42, 43, 44, 50, 60, 70].map((code) => `<xs:enumeration value="${code}"/>`).join('')}</xs:restriction>`,
  // A bare media type: some players refuse parameters such as `codecs=`.
  MediaType: '<xs:restriction base="xs:string"><xs:pattern value="[a-z]+/[a-zA-Z0-9.+_\\-]+"/></xs:restriction>',
  MediaKind: enumeration('music', 'podcast', 'audiobook', 'video'),
  ItemKind: enumeration('song', 'album', 'artist'),
  ExplicitStatus: enumeration('explicit', 'clean', ''),
  PlaybackState: enumeration('starting', 'playing', 'paused', 'stopped'),
  LyricsKind: enumeration('main', 'translation', 'pronunciation'),
  Rating: '<xs:restriction base="xs:int"><xs:minInclusive value="1"/><xs:maxInclusive value="5"/></xs:restriction>',
  AverageRating: '<xs:restriction base="xs:double"><xs:minInclusive value="1"/><xs:maxInclusive value="5"/></xs:restriction>',
  Month: '<xs:restriction base="xs:int"><xs:minInclusive value="1"/><xs:maxInclusive value="12"/></xs:restriction>',
  Day: '<xs:restriction base="xs:int"><xs:minInclusive value="1"/><xs:maxInclusive value="31"/></xs:restriction>',
};

function enumeration(...values: string[]): string {
  return `<xs:restriction base="xs:string">${values.map((value) => `<xs:enumeration value="${value}"/>`).join('')}</xs:restriction>`;
}

const S = 'xs:string';
const INT = 'xs:int';
const LONG = 'xs:long';
const BOOL = 'xs:boolean';
const DATE = 'xs:dateTime';
const NUMBER = 'xs:double';

/** A shape with more attributes and elements (the API's "with songs", "with albums" forms). */
function extend(base: Shape, more: Shape): Shape {
  const named = (key: string) => key.replace(/!$/, '');
  const overridden = new Set(Object.keys(more.attributes ?? {}).map(named));
  const kept = Object.entries(base.attributes ?? {}).filter(([key]) => !overridden.has(named(key)));
  return { ...base, attributes: { ...Object.fromEntries(kept), ...more.attributes }, elements: { ...base.elements, ...more.elements } };
}

const songs: Shape = { elements: { song: 'Child*' } };

const child: Shape = {
  attributes: {
    'id!': S, parent: S, 'isDir!': BOOL, 'title!': S, album: S, artist: S, track: INT, year: INT, genre: S, coverArt: S,
    size: LONG, contentType: 'MediaType', suffix: S, transcodedContentType: 'MediaType', transcodedSuffix: S,
    duration: INT, bitRate: INT, bitDepth: INT, samplingRate: INT, channelCount: INT, path: S, isVideo: BOOL,
    userRating: 'Rating', averageRating: 'AverageRating', playCount: LONG, totalPlayCount: LONG, userPlayCount: LONG,
    discNumber: INT, created: DATE, starred: DATE, albumId: S, artistId: S, type: 'MediaKind', mediaType: 'ItemKind',
    bookmarkPosition: LONG, originalWidth: INT, originalHeight: INT, played: DATE, bpm: INT, comment: S, sortName: S,
    musicBrainzId: S, displayArtist: S, displayAlbumArtist: S, displayComposer: S, explicitStatus: 'ExplicitStatus',
  },
  elements: {
    isrc: 'xs:string*', genres: 'ItemGenre*', artists: 'ArtistID3*', albumArtists: 'ArtistID3*', contributors: 'Contributor*',
    moods: 'xs:string*', replayGain: 'ReplayGain?', works: 'Work*', movements: 'Movement*', groupings: 'xs:string*',
  },
};

const albumId3: Shape = {
  attributes: {
    'id!': S, 'name!': S, version: S, artist: S, artistId: S, coverArt: S, 'songCount!': INT, 'duration!': INT, playCount: LONG,
    'created!': DATE, starred: DATE, year: INT, genre: S, played: DATE, userRating: 'Rating', musicBrainzId: S, displayArtist: S,
    sortName: S, isCompilation: BOOL, explicitStatus: 'ExplicitStatus',
  },
  elements: {
    recordLabels: 'RecordLabel*', genres: 'ItemGenre*', artists: 'ArtistID3*', releaseTypes: 'xs:string*', moods: 'xs:string*',
    originalReleaseDate: 'ItemDate?', releaseDate: 'ItemDate?', discTitles: 'DiscTitle*',
  },
};

const artistId3: Shape = {
  attributes: { 'id!': S, 'name!': S, coverArt: S, artistImageUrl: S, albumCount: INT, starred: DATE, musicBrainzId: S, sortName: S, disambiguation: S },
  elements: { roles: 'xs:string*' },
};

/** The folder methods' artist (getIndexes, getStarred, search2): no album count or cover, which only the ID3 form has. */
const folderArtist: Shape = { attributes: { 'id!': S, 'name!': S, artistImageUrl: S, starred: DATE, userRating: 'Rating', averageRating: 'AverageRating' } };

const playlist: Shape = {
  attributes: {
    'id!': S, 'name!': S, comment: S, owner: S, public: BOOL, 'songCount!': INT, 'duration!': INT, 'created!': DATE, 'changed!': DATE,
    coverArt: S, readonly: BOOL, validUntil: DATE,
  },
  elements: { allowedUser: 'xs:string*' },
};

const info = (similar: string): Shape => ({
  ordered: true,
  elements: {
    biography: 'xs:string?', musicBrainzId: 'xs:string?', lastFmUrl: 'xs:string?', smallImageUrl: 'xs:string?', mediumImageUrl: 'xs:string?',
    largeImageUrl: 'xs:string?', similarArtist: `${similar}*`,
  },
});

const queue = (where: Attributes): Shape => ({
  attributes: { ...where, position: LONG, 'username!': S, 'changed!': DATE, 'changedBy!': S },
  elements: { entry: 'Child*' },
});

const roles = ['scrobblingEnabled', 'adminRole', 'settingsRole', 'downloadRole', 'uploadRole', 'playlistRole', 'coverArtRole', 'commentRole', 'podcastRole', 'streamRole', 'jukeboxRole', 'shareRole', 'videoConversionRole'];

/** Every complex type, by name. */
export const SHAPES: Record<string, Shape> = {
  Envelope: { attributes: { 'status!': 'Status', 'version!': 'ApiVersion', 'type!': S, 'serverVersion!': S, 'openSubsonic!': BOOL } },
  Error: { attributes: { 'code!': 'ErrorCode', message: S, helpUrl: S } },
  License: { attributes: { 'valid!': BOOL, email: S, licenseExpires: DATE, trialExpires: DATE } },
  OpenSubsonicExtension: { attributes: { 'name!': S }, elements: { versions: 'xs:int+' } },
  TokenInfo: { attributes: { 'username!': S } },
  MusicFolders: { elements: { musicFolder: 'MusicFolder*' } },
  MusicFolder: { attributes: { 'id!': INT, name: S } },
  Indexes: { attributes: { 'ignoredArticles!': S, 'lastModified!': LONG }, elements: { shortcut: 'Artist*', index: 'Index*', child: 'Child*' } },
  Index: { attributes: { 'name!': S }, elements: { artist: 'Artist*' } },
  Artist: folderArtist,
  ArtistsID3: { attributes: { 'ignoredArticles!': S }, elements: { index: 'IndexID3*' } },
  IndexID3: { attributes: { 'name!': S }, elements: { artist: 'ArtistID3*' } },
  ArtistID3: artistId3,
  ArtistWithAlbumsID3: extend(artistId3, { attributes: { 'albumCount!': INT }, elements: { album: 'AlbumID3*' } }),
  Directory: {
    attributes: { 'id!': S, parent: S, 'name!': S, starred: DATE, userRating: 'Rating', averageRating: 'AverageRating', playCount: LONG },
    elements: { child: 'Child*' },
  },
  Child: child,
  AlbumID3: albumId3,
  AlbumID3WithSongs: extend(albumId3, songs),
  AlbumList: { elements: { album: 'Child*' } },
  AlbumList2: { elements: { album: 'AlbumID3*' } },
  Songs: songs,
  SearchResult2: { elements: { artist: 'Artist*', album: 'Child*', song: 'Child*' } },
  SearchResult3: { elements: { artist: 'ArtistID3*', album: 'AlbumID3*', song: 'Child*' } },
  Playlists: { elements: { playlist: 'Playlist*' } },
  Playlist: playlist,
  PlaylistWithSongs: extend(playlist, { elements: { entry: 'Child*' } }),
  User: { attributes: { 'username!': S, maxBitRate: INT, avatarLastChanged: DATE, ...Object.fromEntries(roles.map((role) => [`${role}!`, BOOL])) }, elements: { folder: 'xs:int*' } },
  Users: { elements: { user: 'User*' } },
  NowPlaying: { elements: { entry: 'NowPlayingEntry*' } },
  NowPlayingEntry: extend(child, {
    attributes: { 'username!': S, 'minutesAgo!': INT, 'playerId!': INT, playerName: S, state: 'PlaybackState', positionMs: LONG, playbackRate: NUMBER },
  }),
  Genres: { elements: { genre: 'Genre*' } },
  Genre: { text: true, attributes: { 'songCount!': INT, 'albumCount!': INT } },
  ArtistInfo: info('Artist'),
  ArtistInfo2: info('ArtistID3'),
  AlbumInfo: { ordered: true, elements: { notes: 'xs:string?', musicBrainzId: 'xs:string?', lastFmUrl: 'xs:string?', smallImageUrl: 'xs:string?', mediumImageUrl: 'xs:string?', largeImageUrl: 'xs:string?' } },
  PlayQueue: queue({ current: S }),
  PlayQueueByIndex: queue({ currentIndex: LONG }),
  Bookmarks: { elements: { bookmark: 'Bookmark*' } },
  Bookmark: { attributes: { 'position!': LONG, 'username!': S, comment: S, 'created!': DATE, 'changed!': DATE }, elements: { entry: 'Child' } },
  // `lastScan` is not on the documentation's page, but servers send it and apps show it.
  ScanStatus: { attributes: { 'scanning!': BOOL, count: LONG, lastScan: DATE } },
  InternetRadioStations: { elements: { internetRadioStation: 'InternetRadioStation*' } },
  InternetRadioStation: { attributes: { 'id!': S, 'name!': S, 'streamUrl!': S, homePageUrl: S, coverArt: S } },
  Shares: { elements: { share: 'Share*' } },
  Share: {
    attributes: { 'id!': S, 'url!': S, description: S, 'username!': S, 'created!': DATE, expires: DATE, lastVisited: DATE, 'visitCount!': INT },
    elements: { entry: 'Child*' },
  },
  Lyrics: { text: true, attributes: { artist: S, title: S } },
  LyricsList: { elements: { structuredLyrics: 'StructuredLyrics*' } },
  StructuredLyrics: { attributes: { 'lang!': S, 'synced!': BOOL, displayArtist: S, displayTitle: S, offset: LONG, kind: 'LyricsKind' }, elements: { line: 'Line*' } },
  Line: { text: true, attributes: { start: LONG } },
  ItemGenre: { attributes: { 'name!': S } },
  RecordLabel: { attributes: { 'name!': S } },
  ItemDate: { attributes: { year: INT, month: 'Month', day: 'Day' } },
  DiscTitle: { attributes: { 'disc!': INT, 'title!': S, coverArt: S } },
  ReplayGain: { attributes: Object.fromEntries(['trackGain', 'albumGain', 'trackPeak', 'albumPeak', 'baseGain', 'fallbackGain'].map((name) => [name, NUMBER])) },
  Contributor: { attributes: { 'role!': S, subRole: S }, elements: { artist: 'ArtistID3' } },
  Work: { attributes: { 'name!': S, musicBrainzId: S } },
  Movement: { attributes: { 'name!': S, number: INT, count: INT } },
};

/** What may stand inside the envelope (at most one of them; the extension list repeats its element). */
export const ANSWERS: Elements = {
  error: 'Error', license: 'License', openSubsonicExtensions: 'OpenSubsonicExtension+', tokenInfo: 'TokenInfo',
  musicFolders: 'MusicFolders', indexes: 'Indexes', artists: 'ArtistsID3', artist: 'ArtistWithAlbumsID3', directory: 'Directory',
  album: 'AlbumID3WithSongs', song: 'Child', albumList: 'AlbumList', albumList2: 'AlbumList2', randomSongs: 'Songs',
  songsByGenre: 'Songs', similarSongs: 'Songs', similarSongs2: 'Songs', topSongs: 'Songs', searchResult2: 'SearchResult2',
  searchResult3: 'SearchResult3', playlists: 'Playlists', playlist: 'PlaylistWithSongs', user: 'User', users: 'Users',
  starred: 'SearchResult2', starred2: 'SearchResult3', nowPlaying: 'NowPlaying', genres: 'Genres', artistInfo: 'ArtistInfo',
  artistInfo2: 'ArtistInfo2', albumInfo: 'AlbumInfo', playQueue: 'PlayQueue', playQueueByIndex: 'PlayQueueByIndex',
  bookmarks: 'Bookmarks', scanStatus: 'ScanStatus', internetRadioStations: 'InternetRadioStations', shares: 'Shares',
  lyrics: 'Lyrics', lyricsList: 'LyricsList',
};
