import { iconDisc3, iconLibrary, iconListMusic, iconMusic, iconSettings, iconTrash2, iconUserRoundCog } from './lucide-icons.ts';

/**
 * The signed-in app's routes, one row each: read by the server (shell, redirect to /login,
 * 403), the client router, the view map (islands/app/views.tsx) and the navigation. A new
 * page is one row here and one islands/<feature>/ folder.
 */
export type AppView = 'library' | 'search' | 'albums' | 'album' | 'playlists' | 'playlist' | 'admin' | 'account' | 'favourites' | 'recent';

export interface NavEntry {
  label: string;
  /** A Lucide icon's markup (src/shared/lucide-icons.ts). */
  icon: string;
  /** Also in the small screens' bottom tab bar (Library, Playlists, Albums). */
  tab: boolean;
}

export type AdminTabId = 'music' | 'albums' | 'deleted' | 'settings';

/** A tab of the admin area's sidebar (islands/admin/layout/ maps each id to its component). */
export interface AdminTabEntry {
  id: AdminTabId;
  label: string;
  /** A Lucide icon's markup (src/shared/lucide-icons.ts). */
  icon: string;
  /** In the sidebar's Catalogue group, at this position; Settings sits apart below it. */
  catalogue?: number;
}

export interface AppRoute {
  /** Elysia-style pattern: `:id` is one segment, a trailing `*` any sub-address. */
  pattern: string;
  view: AppView;
  /** The document title's first part, and the heading of views still to come. */
  title: string;
  /** The navigation entry this row is (sidebar order is table order). */
  nav?: NavEntry;
  /** For members who are not admins: this row's entry takes the place of the admin-only ones. */
  memberNav?: NavEntry;
  /** The navigation entry marked active while this row shows (its own, or a parent's). */
  section?: AppView;
  adminOnly?: boolean;
  /** The admin area's tab this row shows. */
  adminTab?: AdminTabEntry;
}

export const APP_ROUTES: readonly AppRoute[] = [
  { pattern: '/', view: 'library', title: 'Library', nav: { label: 'Library', icon: iconLibrary, tab: true } },
  { pattern: '/playlists', view: 'playlists', title: 'Playlists', nav: { label: 'Playlists', icon: iconListMusic, tab: true } },
  { pattern: '/playlists/:id', view: 'playlist', title: 'Playlist', section: 'playlists' },
  { pattern: '/albums', view: 'albums', title: 'Albums', nav: { label: 'Albums', icon: iconDisc3, tab: true } },
  { pattern: '/album/:id', view: 'album', title: 'Album', section: 'albums' },
  // The admin area (islands/admin/layout/): one row per tab, the Music tab first (the default).
  {
    pattern: '/admin',
    view: 'admin',
    title: 'Music - Admin',
    nav: { label: 'Settings', icon: iconSettings, tab: false },
    adminOnly: true,
    adminTab: { id: 'music', label: 'Music', icon: iconMusic, catalogue: 2 },
  },
  { pattern: '/admin/albums', view: 'admin', title: 'Albums - Admin', adminOnly: true, adminTab: { id: 'albums', label: 'Albums', icon: iconDisc3, catalogue: 1 } },
  { pattern: '/admin/deleted', view: 'admin', title: 'Deleted - Admin', adminOnly: true, adminTab: { id: 'deleted', label: 'Deleted', icon: iconTrash2, catalogue: 3 } },
  { pattern: '/admin/settings', view: 'admin', title: 'Settings - Admin', adminOnly: true, adminTab: { id: 'settings', label: 'Settings', icon: iconSettings } },
  { pattern: '/search', view: 'search', title: 'Search' },
  { pattern: '/account', view: 'account', title: 'Account', memberNav: { label: 'Account', icon: iconUserRoundCog, tab: false } },
  // Linked from the Library's header; the navigation itself keeps its four entries.
  { pattern: '/favourites', view: 'favourites', title: 'Favourites', section: 'library' },
  { pattern: '/recently-played', view: 'recent', title: 'Recently played', section: 'library' },
];

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.+';
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return escape(segment);
    })
    .join('/');
  return { regex: new RegExp(`^${source}$`), names };
}

const COMPILED = APP_ROUTES.map((route) => ({ route, ...compile(route.pattern) }));

/** The row a path belongs to, with its decoded params; null when it is not an app route. */
export function matchAppRoute(path: string): RouteMatch | null {
  for (const { route, regex, names } of COMPILED) {
    const found = regex.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(found[i + 1]!);
    });
    return { route, params };
  }
  return null;
}

/** Navigation entries in order; `tab` ones also form the bottom tab bar. */
export const NAV_ROUTES = APP_ROUTES.filter((route): route is AppRoute & { nav: NavEntry } => route.nav !== undefined);

export type NavRoute = (typeof NAV_ROUTES)[number];

const MEMBER_NAV_ROUTES: NavRoute[] = APP_ROUTES.flatMap((route) => (route.memberNav ? [{ ...route, nav: route.memberNav }] : []));

/** The entries this user is offered: a member gets Account where an admin gets Settings (a dead end for them). */
export function navRoutesFor(isAdmin: boolean): NavRoute[] {
  return NAV_ROUTES.flatMap((route) => (isAdmin || !route.adminOnly ? [route] : MEMBER_NAV_ROUTES));
}

/** The href of a navigation entry (its pattern: entries never have params). */
export const navHref = (route: AppRoute) => route.pattern;

export type AdminTabRoute = AppRoute & { adminTab: AdminTabEntry };

/** The admin area's tabs, in table order; the first (Music, at /admin) is the default. */
export const ADMIN_TAB_ROUTES = APP_ROUTES.filter((route): route is AdminTabRoute => route.adminTab !== undefined);

/** The tab an admin address shows; the default for anything else. */
export function adminTabRoute(path: string): AdminTabRoute {
  return ADMIN_TAB_ROUTES.find((route) => route.pattern === path) ?? ADMIN_TAB_ROUTES[0]!;
}

/** A nav entry is active on its route or any of its sub-addresses. */
export function isNavActive(entry: AppRoute, path: string): boolean {
  const match = matchAppRoute(path);
  if (!match) return false;
  return match.route.view === entry.view || match.route.section === entry.view;
}
