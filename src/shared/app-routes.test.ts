import { expect, test } from 'bun:test';
import { APP_ROUTES, NAV_ROUTES, isNavActive, matchAppRoute, navRoutesFor } from './app-routes.ts';

test('every signed-in address of docs/product.md maps to one view', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['/', 'library', {}],
    ['/search', 'search', {}],
    ['/albums', 'albums', {}],
    ['/album/12', 'album', { id: '12' }],
    ['/playlists', 'playlists', {}],
    ['/playlists/7', 'playlist', { id: '7' }],
    ['/admin', 'admin', {}],
    ['/admin/albums', 'admin', {}],
    ['/admin/deleted', 'admin', {}],
    ['/admin/settings', 'admin', {}],
    ['/account', 'account', {}],
    ['/favourites', 'favourites', {}],
    ['/recently-played', 'recent', {}],
  ];
  for (const [path, view, params] of cases) {
    const match = matchAppRoute(path);
    expect(match?.route.view).toBe(view as never);
    expect(match?.params).toEqual(params);
  }
});

test('anything else is not an app route', () => {
  for (const path of ['/login', '/share', '/share/abc', '/albums/3', '/album', '/album/1/2', '/nope', '/admin/', '/admin/songs', '/admin/albums/1']) {
    expect(matchAppRoute(path)).toBeNull();
  }
});

test('navigation is Library, Playlists, Albums, Settings; the tab bar drops Settings', () => {
  expect(NAV_ROUTES.map((r) => r.nav.label)).toEqual(['Library', 'Playlists', 'Albums', 'Settings']);
  expect(NAV_ROUTES.filter((r) => r.nav.tab).map((r) => r.nav.label)).toEqual(['Library', 'Playlists', 'Albums']);
  expect(APP_ROUTES.filter((r) => r.adminOnly).map((r) => r.pattern)).toEqual(['/admin', '/admin/albums', '/admin/deleted', '/admin/settings']);
});

test('a member is offered Account where an admin is offered Settings', () => {
  expect(navRoutesFor(true).map((r) => r.nav.label)).toEqual(['Library', 'Playlists', 'Albums', 'Settings']);
  const member = navRoutesFor(false);
  expect(member.map((r) => [r.nav.label, r.pattern])).toEqual([['Library', '/'], ['Playlists', '/playlists'], ['Albums', '/albums'], ['Account', '/account']]);
  expect(isNavActive(member[3]!, '/account')).toBe(true);
});

test('an entry is active on its route and its sub-addresses only', () => {
  const [library, playlists, albums, settings] = NAV_ROUTES;
  expect(isNavActive(library!, '/')).toBe(true);
  expect(isNavActive(library!, '/search')).toBe(false);
  expect(isNavActive(playlists!, '/playlists/3')).toBe(true);
  expect(isNavActive(albums!, '/album/3')).toBe(true);
  expect(isNavActive(albums!, '/playlists')).toBe(false);
  expect(isNavActive(settings!, '/admin/deleted')).toBe(true);
});
