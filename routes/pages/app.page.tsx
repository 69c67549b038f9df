import { AppShell } from '../../islands/app/app-shell.tsx';
import { Document } from '../../src/render/document.tsx';
import { pageScope } from '../../src/render/page-scope.ts';

/** Every signed-in route: the server-rendered app shell; its client router takes over. */
export function AppPage({ sidebarOpen = true }: { sidebarOpen?: boolean }) {
  const { user, path } = pageScope();
  if (!user) throw new Error('the app page needs a signed-in user');
  return (
    // The library's song list is fetched while the scripts load, not after they run (the
    // island's fetch, credentials included, picks this preload up).
    <Document title="Hearth" head={path === '/' ? <link rel="preload" href="/api/songs" as="fetch" crossOrigin="use-credentials" /> : null}>
      <AppShell user={user} initialPath={path} sidebarOpen={sidebarOpen} />
    </Document>
  );
}
