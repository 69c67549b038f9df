import { type MouseEvent, createContext, useContext } from 'react';

/** Client-side navigation inside the signed-in app: history entries, no full reload. */
export interface Router {
  path: string;
  navigate(to: string): void;
}

export const RouterContext = createContext<Router>({ path: '/', navigate: () => {} });

export const useRouter = () => useContext(RouterContext);

/** The signed-in routes the shell renders itself; anything else is a full page load. */
const APP_PATHS = [/^\/$/, /^\/search$/, /^\/albums$/, /^\/album\/[^/]+$/, /^\/playlists$/, /^\/playlists\/[^/]+$/, /^\/admin$/];

export function isAppPath(path: string): boolean {
  return APP_PATHS.some((pattern) => pattern.test(path));
}

/** A nav entry is active on its route or any subpath of it (spec §2); Library only on "/". */
export function isActive(route: string, path: string): boolean {
  if (route === '/') return path === '/';
  if (route === '/albums' && path.startsWith('/album/')) return true;
  return path === route || path.startsWith(`${route}/`);
}

/** Plain left clicks on app links navigate in place; modified clicks keep browser behaviour. */
export function shouldHandleClick(event: MouseEvent<HTMLAnchorElement>, href: string): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    isAppPath(href)
  );
}
