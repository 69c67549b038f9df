import { AppLink } from './app-link.tsx';
import { isActive, useRouter } from './router.ts';

const SIDEBAR = [
  { href: '/', label: 'Library', icon: '♫' },
  { href: '/playlists', label: 'Playlists', icon: '☰' },
  { href: '/albums', label: 'Albums', icon: '◉' },
  { href: '/admin', label: 'Settings', icon: '⚙' },
];
// Spec §2: the small-screen tab bar has no Settings entry.
const TABS = SIDEBAR.slice(0, 3);

function navClass(active: boolean) {
  return active
    ? 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100'
    : 'text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800';
}

/** Wide screens: the left sidebar (16rem). */
export function Sidebar() {
  const { path } = useRouter();
  return (
    <nav aria-label="Sidebar" className="fixed inset-y-0 left-0 hidden w-64 flex-col gap-1 border-r border-stone-200 bg-white p-3 md:flex dark:border-stone-800 dark:bg-stone-900">
      <div className="mb-4 px-3 py-2 text-xl font-bold">Hearth</div>
      {SIDEBAR.map((item) => {
        const active = isActive(item.href, path);
        return (
          <AppLink key={item.href} href={item.href} aria-current={active ? 'page' : undefined} className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${navClass(active)}`}>
            <span aria-hidden="true">{item.icon}</span>
            {item.label}
          </AppLink>
        );
      })}
    </nav>
  );
}

/** Small screens: the bottom tab bar. */
export function TabBar() {
  const { path } = useRouter();
  return (
    <nav aria-label="Tabs" className="fixed inset-x-0 bottom-0 z-40 grid grid-cols-3 border-t border-stone-200 bg-white md:hidden dark:border-stone-800 dark:bg-stone-900">
      {TABS.map((item) => {
        const active = isActive(item.href, path);
        return (
          <AppLink key={item.href} href={item.href} aria-current={active ? 'page' : undefined} className={`flex flex-col items-center gap-0.5 py-2 text-xs font-medium ${navClass(active)}`}>
            <span aria-hidden="true" className="text-lg">{item.icon}</span>
            {item.label}
          </AppLink>
        );
      })}
    </nav>
  );
}
