// The subsonicjs package ships no types: the part the tests use. Every method answers the
// `subsonic-response` object of a JSON answer.
declare module 'subsonicjs' {
  type Answer = Promise<Record<string, any>>;
  type Method = (...args: any[]) => Answer;
  export default class Subsonic {
    constructor(username: string, token: string, salt: string, config: { host: string; client?: string });
    system: Record<'ping', Method>;
    browsing: Record<'getMusicFolders' | 'getIndexes' | 'getMusicDirectory' | 'getAlbumList' | 'getStarred' | 'getRandomSongs', Method>;
    searching: Record<'search2', Method>;
    media: Record<'star', Method>;
  }
}
