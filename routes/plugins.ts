import type { AnyElysia } from 'elysia';
import type { AppContext } from '../src/app-context.ts';
import { albumRoutes } from './albums/index.ts';
import { appPasswordRoutes } from './app-passwords/index.ts';
import { audioProxyRoutes } from './audio-proxy/index.ts';
import { bookmarkRoutes } from './bookmarks/index.ts';
import { deletedRoutes } from './deleted/index.ts';
import { healthRoutes } from './health/index.ts';
import { listeningRoutes } from './listening/index.ts';
import { mediaRoutes } from './media/index.ts';
import { objectRoutes } from './objects/index.ts';
import { playQueueRoutes } from './play-queue/index.ts';
import { profileRoutes } from './profiles/index.ts';
import { playlistRoutes } from './playlists/index.ts';
import { radioStationRoutes } from './radio-stations/index.ts';
import { roomRoutes } from './rooms/index.ts';
import { searchRoutes } from './search/index.ts';
import { sessionRoutes } from './session/index.ts';
import { settingsRoutes } from './settings/index.ts';
import { shareRoutes } from './shares/index.ts';
import { songRoutes } from './songs/index.ts';
import { subsonicRoutes } from './subsonic/index.ts';
import { tempShareRoutes } from './temp-shares/index.ts';
import { uploadRoutes } from './uploads/index.ts';
import { userRoutes } from './users/index.ts';

/**
 * Every route plugin but the pages, as createApp mounts them: one per URL resource, each under
 * its own `prefix` (the API's routes and who may call them: api-routes.ts). The pages come
 * after these, since their error page is also the error plugin's.
 */
export const ROUTE_PLUGINS: readonly ((ctx: AppContext) => AnyElysia)[] = [
  healthRoutes,
  sessionRoutes,
  profileRoutes,
  settingsRoutes,
  radioStationRoutes,
  userRoutes,
  songRoutes,
  albumRoutes,
  playlistRoutes,
  searchRoutes,
  deletedRoutes,
  shareRoutes,
  mediaRoutes,
  objectRoutes,
  uploadRoutes,
  tempShareRoutes,
  audioProxyRoutes,
  appPasswordRoutes,
  subsonicRoutes,
  listeningRoutes,
  playQueueRoutes,
  bookmarkRoutes,
  roomRoutes,
];
