import { type MouseEvent, createContext, useContext } from 'react';
import { matchAppRoute } from '../../src/shared/app-routes.ts';

/** Client-side navigation inside the signed-in app: history entries, no full reload. */
export interface Router {
  path: string;
  navigate(to: string): void;
  /** Rewrites the current history entry (`?play=` reset, the search box's `?q=`): no new entry. */
  replace(to: string): void;
}

export const RouterContext = createContext<Router>({ path: '/', navigate: () => {}, replace: () => {} });

export const useRouter = () => useContext(RouterContext);

/** The signed-in routes the shell renders itself (the app-route table); anything else loads a page. */
export function isAppPath(href: string): boolean {
  return matchAppRoute(new URL(href, 'http://x').pathname) !== null;
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
