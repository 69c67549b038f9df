import { AppPage } from './app.page.tsx';
import { LandingPage, LoginPage } from './public.page.tsx';
import { RoomPage } from './room.page.tsx';
import { AlbumSharePage, PlaylistSharePage } from './share/collection-share.page.tsx';
import { ShareAudioPage } from './share/share-audio.page.tsx';
import { SongSharePage } from './share/song-share.page.tsx';
import { AccessDeniedPage, ErrorPage, NotFoundPage } from './status.page.tsx';

/** Every page server component, by name: the route plugin picks one, the RSC bundle renders it. */
export const PAGES = {
  app: AppPage,
  landing: LandingPage,
  login: LoginPage,
  'not-found': NotFoundPage,
  'access-denied': AccessDeniedPage,
  error: ErrorPage,
  'share-audio': ShareAudioPage,
  'share-song': SongSharePage,
  'share-album': AlbumSharePage,
  'share-playlist': PlaylistSharePage,
  room: RoomPage,
} as const;

export type PageName = keyof typeof PAGES;
