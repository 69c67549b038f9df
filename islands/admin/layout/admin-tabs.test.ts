import { expect, test } from 'bun:test';
import { matchAppRoute } from '../../../src/shared/app-routes.ts';
import { ADMIN_TABS, APART_TABS, adminTabFor } from './admin-tabs.ts';

test('the sidebar tabs come from the app-route table: Albums, Music, Deleted, then Settings apart', () => {
  expect(ADMIN_TABS.map((tab) => [tab.label, tab.path])).toEqual([['Albums', '/admin/albums'], ['Music', '/admin'], ['Deleted', '/admin/deleted']]);
  expect(APART_TABS.map((tab) => [tab.label, tab.path])).toEqual([['Settings', '/admin/settings']]);
  for (const tab of [...ADMIN_TABS, ...APART_TABS]) {
    expect(matchAppRoute(tab.path)?.route).toMatchObject({ view: 'admin', adminOnly: true, title: `${tab.label} - Admin` });
    expect(adminTabFor(tab.path).Component).toBe(tab.Component);
  }
  expect(adminTabFor('/admin/nope').label).toBe('Music');
});
