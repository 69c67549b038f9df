import type { ComponentType } from 'react';
import { ADMIN_TAB_ROUTES, type AdminTabId, adminTabRoute } from '../../../src/shared/app-routes.ts';
import { AlbumsTab } from '../albums/albums-tab.tsx';
import { DeletedTab } from '../deleted/deleted-tab.tsx';
import { MusicView } from '../music/music-view.tsx';
import { SettingsView } from '../settings/settings-view.tsx';

export interface AdminTab {
  /** Its row of src/shared/app-routes.ts. */
  path: string;
  label: string;
  /** A Lucide icon's markup (src/shared/lucide-icons.ts). */
  icon: string;
  Component: ComponentType;
}

/** Each tab's component: a Record, so a tab row without one fails the typecheck. */
const TAB_VIEWS: Record<AdminTabId, ComponentType> = { music: MusicView, albums: AlbumsTab, deleted: DeletedTab, settings: SettingsView };

const toTab = ({ pattern, adminTab }: (typeof ADMIN_TAB_ROUTES)[number]): AdminTab => ({ path: pattern, label: adminTab.label, icon: adminTab.icon, Component: TAB_VIEWS[adminTab.id] });

/** The sidebar's Catalogue tabs in their order (Albums, Music, Deleted). */
export const ADMIN_TABS: readonly AdminTab[] = ADMIN_TAB_ROUTES.filter((route) => route.adminTab.catalogue !== undefined)
  .sort((a, b) => a.adminTab.catalogue! - b.adminTab.catalogue!)
  .map(toTab);

/** Settings and any other tab outside the Catalogue group sit apart below it. */
export const APART_TABS: readonly AdminTab[] = ADMIN_TAB_ROUTES.filter((route) => route.adminTab.catalogue === undefined).map(toTab);

/** The tab an admin address shows; Music for anything else (the app-route table admits only its admin rows). */
export const adminTabFor = (path: string): AdminTab => toTab(adminTabRoute(path));
