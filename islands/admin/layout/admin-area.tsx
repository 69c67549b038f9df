import { useEffect, useState } from 'react';
import { sidebarCookie } from '../../../src/shared/admin-sidebar.ts';
import { useRouter } from '../../app/router.ts';
import { useUser } from '../../app/user-context.ts';
import { Button } from '../../ui/button.tsx';
import { Sheet, SheetContent } from '../../ui/dialog.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { SidebarBody } from './admin-sidebar.tsx';
import { adminTabFor } from './admin-tabs.ts';
import { useSidebarShortcut } from './sidebar-keys.ts';
import { iconCircleUserRound, iconMenu, iconPanelLeftClose, iconPanelLeftOpen } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

/** Below 768 px the sidebar is a drawer. */
const MOBILE_QUERY = '(max-width: 767px)';

export interface AdminAreaProps {
  /** The wide screens' sidebar: expanded (16rem) or collapsed to icons (3rem). */
  sidebarOpen: boolean;
  onSidebarOpenChange(open: boolean): void;
}

/**
 * The admin area's own layout, in place of the app's sidebar and tab bar: the
 * sidebar (a drawer on phones), a header with 'Admin' and who is signed in, the current tab.
 * The open state comes from the shell, which the server rendered from the cookie.
 */
export function AdminArea({ sidebarOpen, onSidebarOpenChange }: AdminAreaProps) {
  const { path } = useRouter();
  const user = useUser();
  const tab = adminTabFor(path);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The area hydrates after the page's root (it is a lazy chunk): until its effects run, its
  // shortcuts are not listening yet, and browser tests wait for this mark to go.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const setSidebar = (open: boolean) => {
    document.cookie = sidebarCookie(open);
    onSidebarOpenChange(open);
  };
  useSidebarShortcut(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setDrawerOpen((open) => !open);
    else setSidebar(!sidebarOpen);
  });
  // A drawer left open while the window grows past the breakpoint would float over the sidebar.
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const onChange = () => !query.matches && setDrawerOpen(false);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const state = sidebarOpen ? 'expanded' : 'collapsed';
  return (
    <div data-admin-sidebar={state} data-hydrating={hydrated ? undefined : 'true'}>
      <aside
        aria-label="Admin sidebar"
        data-state={state}
        className="fixed inset-y-0 left-0 z-20 hidden w-[var(--sidebar-width)] overflow-hidden border-r border-border bg-surface transition-[width] duration-200 ease-out motion-reduce:transition-none md:block"
      >
        <SidebarBody path={path} collapsed={!sidebarOpen} />
      </aside>
      <div className="min-w-0 transition-[padding] duration-200 ease-out motion-reduce:transition-none md:pl-[var(--sidebar-width)]">
        <header className="sticky top-0 z-10 flex h-14 items-center gap-1 border-b border-border bg-background/90 px-2 backdrop-blur-md md:px-4">
          <Button variant="ghost" size="icon" aria-label="Open menu" aria-haspopup="dialog" className="md:hidden" onClick={() => setDrawerOpen(true)}>
            <Icon svg={iconMenu} className="text-xl" />
          </Button>
          <div className="hidden md:block">
            <Tooltip content="Toggle sidebar (Ctrl+B)">
              <Button variant="ghost" size="icon" aria-label="Toggle sidebar" aria-expanded={sidebarOpen} onClick={() => setSidebar(!sidebarOpen)}>
                <Icon svg={sidebarOpen ? iconPanelLeftClose : iconPanelLeftOpen} className="text-xl" />
              </Button>
            </Tooltip>
          </div>
          <div className="flex min-w-0 flex-1 items-baseline gap-2 px-1">
            <h1 className="text-lg font-bold">Admin</h1>
            <span aria-hidden="true" className="text-muted-foreground">/</span>
            <span data-testid="admin-tab-name" className="truncate text-sm font-medium text-muted-foreground">{tab.label}</span>
          </div>
          <div className="flex min-w-0 max-w-[45%] items-center gap-1.5 pr-2 text-sm" title={`Signed in as ${user.username}`}>
            <Icon svg={iconCircleUserRound} className="shrink-0 text-xl text-muted-foreground" />
            <span data-testid="signed-in-user" className="truncate font-medium">{user.username}</span>
          </div>
        </header>
        <main className="mx-auto min-w-0 max-w-5xl px-4 pb-[calc(var(--bottom-bars)+1.5rem)] pt-4 md:px-8 md:pt-6">
          <tab.Component />
        </main>
      </div>
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent title="Admin menu">
          <SidebarBody path={path} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        </SheetContent>
      </Sheet>
    </div>
  );
}
