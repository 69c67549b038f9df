import { AppShell } from '../../islands/app/app-shell.tsx';
import { Document } from '../../src/render/document.tsx';
import { pageScope } from '../../src/render/page-scope.ts';
import { normalisationMode } from '../../src/services/settings/settings.ts';

/** Every signed-in route: the server-rendered app shell; its client router takes over. */
export function AppPage({ sidebarOpen = true }: { sidebarOpen?: boolean }) {
  const { user, path, db } = pageScope();
  if (!user) throw new Error('the app page needs a signed-in user');
  // The library's first page (and Manage Songs' first order on /admin) is fetched while the
  // scripts load, not after they run (the island's fetch, the same URL, credentials included, picks it up).
  const list = path === '/' ? '/api/songs/page' : path === '/admin' && user.isAdmin ? '/api/songs/all/ids?album=all&sort=recent' : null;
  return (
    <Document title="Hearth" head={list ? <link rel="preload" href={list} as="fetch" crossOrigin="use-credentials" /> : null}>
      <AppShell user={user} initialPath={path} sidebarOpen={sidebarOpen} normalisation={normalisationMode(db)} />
    </Document>
  );
}
