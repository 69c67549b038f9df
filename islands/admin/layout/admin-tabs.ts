import type { ComponentType } from 'react';
import { AlbumsTab } from '../albums/albums-tab.tsx';
import { DeletedTab } from '../deleted/deleted-tab.tsx';
import { MusicView } from '../music/music-view.tsx';
import { SettingsView } from '../settings/settings-view.tsx';

export interface AdminTab {
  /** One of the admin rows of src/shared/app-routes.ts. */
  path: string;
  label: string;
  /** A Lucide icon class (pure CSS). */
  icon: string;
  Component: ComponentType;
}

/** Spec §2: the sidebar's three tabs in its order (Music is the default, at /admin). */
export const ADMIN_TABS: readonly AdminTab[] = [
  { path: '/admin/albums', label: 'Albums', icon: 'i-lucide-disc-3', Component: AlbumsTab },
  { path: '/admin', label: 'Music', icon: 'i-lucide-music', Component: MusicView },
  { path: '/admin/deleted', label: 'Deleted', icon: 'i-lucide-trash-2', Component: DeletedTab },
];

/** Settings sits apart from the tabs (it is also where the app's Settings entry leads). */
export const SETTINGS_TAB: AdminTab = { path: '/admin/settings', label: 'Settings', icon: 'i-lucide-settings', Component: SettingsView };

/** The tab an admin address shows; Music for anything else (the app-route table admits only these four). */
export function adminTabFor(path: string): AdminTab {
  return [...ADMIN_TABS, SETTINGS_TAB].find((tab) => tab.path === path) ?? ADMIN_TABS[1]!;
}
