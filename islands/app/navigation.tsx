import { NAV_ROUTES, type NavRoute, isNavActive, navHref, navRoutesFor } from '../../src/shared/app-routes.ts';
import type { UserDto } from '../../src/shared/types.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { AppLink } from './app-link.tsx';
import { useRouter } from './router.ts';
import { openProfilePicker } from '../profiles/profile-picker-slot.tsx';
import { logOut } from './session.ts';
import { iconCircleUserRound, iconFlame, iconLogOut, iconUsersRound } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

const TABS = NAV_ROUTES.filter((route) => route.nav.tab);

interface NavLinkProps {
  route: NavRoute;
  path: string;
  className: string;
  activeClass: string;
  idleClass: string;
}

/** One navigation entry: its icon and label, marked current on its route and sub-addresses. */
function NavLink({ route, path, className, activeClass, idleClass }: NavLinkProps) {
  const active = isNavActive(route, path);
  return (
    <AppLink
      href={navHref(route)}
      aria-current={active ? 'page' : undefined}
      className={cn('flex items-center font-medium focusable', className, active ? activeClass : idleClass)}
    >
      <Icon svg={route.nav.icon} className="text-xl" />
      {route.nav.label}
    </AppLink>
  );
}

/** Wide screens: the left sidebar (16rem) with the product name, the user's entries, and who is signed in. */
export function Sidebar({ user }: { user: UserDto }) {
  const { path } = useRouter();
  return (
    <aside className="fixed inset-y-0 left-0 z-20 hidden w-[var(--sidebar-width)] flex-col border-r border-border bg-surface md:flex">
      <div className="flex h-16 items-center gap-2.5 px-5 text-lg font-bold tracking-tight">
        <Icon svg={iconFlame} className="text-2xl text-accent-text" />
        Hearth
      </div>
      <nav aria-label="Sidebar" className="flex flex-1 flex-col gap-1 px-3">
        {navRoutesFor(user.isAdmin).map((route) => (
          <NavLink
            key={route.pattern}
            route={route}
            path={path}
            className="h-11 gap-3 rounded-md px-3 text-sm transition-colors"
            activeClass="bg-accent-soft text-accent-text"
            idleClass="text-muted-foreground hover:bg-muted hover:text-foreground"
          />
        ))}
      </nav>
      <div className="grid gap-1 border-t border-border p-3">
        {/* Its own row: the username keeps its room beside Log out. */}
        <Button variant="ghost" size="sm" className="!justify-start px-2 text-muted-foreground hover:text-foreground" onClick={openProfilePicker}>
          <Icon svg={iconUsersRound} className="text-xl" />
          Switch profile
        </Button>
        <div className="flex items-center gap-2">
          <AppLink href="/account" className="flex min-w-0 flex-1 items-center gap-2.5 rounded-md px-2 py-2 text-sm hover:bg-muted focusable" aria-label={`Account: ${user.username}`}>
            <Icon svg={iconCircleUserRound} className="text-xl text-muted-foreground" />
            <span data-testid="signed-in-user" className="truncate font-medium">{user.username}</span>
          </AppLink>
          <Button variant="ghost" size="sm" onClick={() => void logOut()}>
            <Icon svg={iconLogOut} className="text-base" />
            Log out
          </Button>
        </div>
      </div>
    </aside>
  );
}

/** Small screens: the bottom tab bar (Library, Playlists, Albums). */
export function TabBar() {
  const { path } = useRouter();
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 grid h-[var(--tabbar-height)] grid-cols-3 border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      {TABS.map((route) => (
        <NavLink
          key={route.pattern}
          route={route}
          path={path}
          className="flex-col justify-center gap-0.5 text-xs"
          activeClass="text-accent-text"
          idleClass="text-muted-foreground"
        />
      ))}
    </nav>
  );
}
