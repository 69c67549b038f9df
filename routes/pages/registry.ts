import { AppPage } from './app.page.tsx';
import { LandingPage, LoginPage } from './public.page.tsx';
import { AccessDeniedPage, ErrorPage, NotFoundPage } from './status.page.tsx';

/** Every page server component, by name: the route plugin picks one, the RSC bundle renders it. */
export const PAGES = {
  app: AppPage,
  landing: LandingPage,
  login: LoginPage,
  'not-found': NotFoundPage,
  'access-denied': AccessDeniedPage,
  error: ErrorPage,
} as const;

export type PageName = keyof typeof PAGES;
