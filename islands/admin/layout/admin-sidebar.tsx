import type { ReactElement } from 'react';
import { AppLink } from '../../app/app-link.tsx';
import { logOut } from '../../app/session.ts';
import { ThemeToggle } from '../../app/theme-toggle.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { Tooltip } from '../../ui/tooltip.tsx';
import { ADMIN_TABS, APART_TABS, type AdminTab } from './admin-tabs.ts';
import { iconArrowLeft, iconFlame, iconLogOut } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

interface SidebarBodyProps {
  path: string;
  /** Icons only (3rem), each with its label as a tooltip. */
  collapsed: boolean;
  /** After a link is followed (the drawer closes). */
  onNavigate?: () => void;
}

/** The label as a tooltip while collapsed; nothing extra while the labels show. */
function Tip({ collapsed, label, children }: { collapsed: boolean; label: string; children: ReactElement }) {
  return collapsed ? <Tooltip content={label} side="right">{children}</Tooltip> : children;
}

const ITEM = 'flex h-11 items-center gap-3 rounded-md text-sm font-medium transition-colors focusable';

function NavItem({ href, label, icon, active, collapsed, onNavigate }: { href: string; label: string; icon: string; active: boolean; collapsed: boolean; onNavigate?: (() => void) | undefined }) {
  return (
    <Tip collapsed={collapsed} label={label}>
      <AppLink
        href={href}
        aria-label={collapsed ? label : undefined}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        className={cn(ITEM, collapsed ? 'w-11 justify-center' : 'px-3', active ? 'bg-accent-soft text-accent-text' : 'text-muted-foreground hover:bg-muted hover:text-foreground')}
      >
        <Icon svg={icon} className="shrink-0 text-xl" />
        {collapsed ? null : <span className="truncate">{label}</span>}
      </AppLink>
    </Tip>
  );
}

const tabItem = (tab: AdminTab, props: SidebarBodyProps) => (
  <li key={tab.path}>
    <NavItem href={tab.path} label={tab.label} icon={tab.icon} active={props.path === tab.path} collapsed={props.collapsed} onNavigate={props.onNavigate} />
  </li>
);

/**
 * What the admin sidebar holds: the way back to the Library, the Albums, Music and
 * Deleted tabs, Settings, then the theme toggle and Logout. The same in the drawer.
 */
export function SidebarBody(props: SidebarBodyProps) {
  const { collapsed } = props;
  return (
    <div className={cn('flex h-full min-h-0 flex-col gap-2 py-2', collapsed ? 'items-center px-0' : 'px-3')}>
      <div className={cn('flex h-12 shrink-0 items-center gap-2.5 font-bold tracking-tight', collapsed ? 'justify-center' : 'px-2 pr-12 text-lg')}>
        <Icon svg={iconFlame} className="text-2xl text-accent-text" />
        {collapsed ? <span className="sr-only">Hearth</span> : 'Hearth'}
      </div>
      <nav aria-label="Admin" className={cn('flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto', collapsed && 'items-center')}>
        <NavItem href="/" label="Back to Library" icon={iconArrowLeft} active={false} collapsed={collapsed} onNavigate={props.onNavigate} />
        <div className="grid gap-1">
          {collapsed ? null : <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Catalogue</p>}
          <ul className="grid gap-1">{ADMIN_TABS.map((tab) => tabItem(tab, props))}</ul>
        </div>
        <ul className="grid gap-1">{APART_TABS.map((tab) => tabItem(tab, props))}</ul>
      </nav>
      <div className={cn('flex shrink-0 gap-1 border-t border-border pt-2', collapsed ? 'flex-col items-center' : 'items-center')}>
        <Tip collapsed={collapsed} label="Logout">
          <Button variant="ghost" aria-label={collapsed ? 'Logout' : undefined} className={cn(collapsed ? 'w-11 px-0' : 'flex-1 !justify-start px-3')} onClick={() => void logOut()}>
            <Icon svg={iconLogOut} className="text-xl" />
            {collapsed ? null : 'Logout'}
          </Button>
        </Tip>
        <ThemeToggle />
      </div>
    </div>
  );
}
