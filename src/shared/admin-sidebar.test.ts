import { expect, test } from 'bun:test';
import { SIDEBAR_COOKIE_MAX_AGE_S, sidebarCookie, sidebarOpenFromCookies } from './admin-sidebar.ts';

test('the sidebar is open unless its cookie says false', () => {
  expect(sidebarOpenFromCookies(null)).toBe(true);
  expect(sidebarOpenFromCookies('')).toBe(true);
  expect(sidebarOpenFromCookies('hearth_session=abc')).toBe(true);
  expect(sidebarOpenFromCookies('hearth_session=abc; sidebar_state=false')).toBe(false);
  expect(sidebarOpenFromCookies('sidebar_state=true;hearth_session=abc')).toBe(true);
  expect(sidebarOpenFromCookies('my_sidebar_state=false')).toBe(true);
});

test('the cookie lasts 7 days, site-wide, SameSite=Lax, and reads back', () => {
  expect(SIDEBAR_COOKIE_MAX_AGE_S).toBe(604800);
  expect(sidebarCookie(false)).toBe('sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax');
  expect(sidebarOpenFromCookies(sidebarCookie(false).split(';')[0])).toBe(false);
  expect(sidebarOpenFromCookies(sidebarCookie(true).split(';')[0])).toBe(true);
});
