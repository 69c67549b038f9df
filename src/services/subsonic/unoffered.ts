import { SUBSONIC_ERROR, SubsonicError } from './errors.ts';

/**
 * Methods Hearth does not offer answer as other servers do: 501 for what may come one day
 * (jukebox, podcasts, account changes, which the web app owns), 410 for what never will (chat,
 * video, the old search). Always with a Subsonic error body, never "not found".
 */
export const NOT_IMPLEMENTED = [
  'jukeboxControl',
  'getPodcasts',
  'getNewestPodcasts',
  'getPodcastEpisode',
  'refreshPodcasts',
  'createPodcastChannel',
  'deletePodcastChannel',
  'deletePodcastEpisode',
  'downloadPodcastEpisode',
  'createUser',
  'updateUser',
  'deleteUser',
  'changePassword',
  'getSonicSimilarTracks',
  'findSonicPath',
] as const;

export const GONE = ['search', 'getChatMessages', 'addChatMessage', 'getVideos', 'getVideoInfo', 'getCaptions', 'hls'] as const;

export function notImplemented(method: string): never {
  throw new SubsonicError(SUBSONIC_ERROR.generic, `${method} is not offered by Hearth`, 501);
}

export function gone(method: string): never {
  throw new SubsonicError(SUBSONIC_ERROR.generic, `${method} will not be offered by Hearth`, 410);
}
