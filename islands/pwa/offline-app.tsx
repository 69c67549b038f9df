import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { sidebarOpenFromCookies } from '../../src/shared/admin-sidebar.ts';
import { NEEDS_CONNECTION_TEXT, NEEDS_CONNECTION_TITLE } from '../../src/shared/pwa.ts';
import { AppShell } from '../app/app-shell.tsx';
import { userApi } from '../lib/api/user.ts';
import { iconWifiOff } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** The same mark the online client entry sets once React has committed (tests wait for it). */
function Booted({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

/** Without a kept user (never signed in here, or signed out) there is nothing to show offline. */
function NeedsConnection() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <Icon svg={iconWifiOff} className="text-4xl text-muted-foreground" />
      <h1 className="text-2xl font-semibold">{NEEDS_CONNECTION_TITLE}</h1>
      <p className="text-muted-foreground">{NEEDS_CONNECTION_TEXT}</p>
    </main>
  );
}

/**
 * The signed-in app without a server render: the user is the cached GET /api/user, every
 * view reads its data through the service worker (the last answers it kept).
 */
async function boot() {
  const root = createRoot(document.getElementById('app')!);
  const user = await userApi.me().catch(() => null);
  const path = window.location.pathname;
  root.render(
    <Booted>
      {user ? <AppShell user={user} initialPath={path} sidebarOpen={sidebarOpenFromCookies(document.cookie)} /> : <NeedsConnection />}
    </Booted>,
  );
}

void boot();
