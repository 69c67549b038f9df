import type { UserDto } from '../../src/shared/types.ts';
import { LibraryView } from '../library/library-view.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** Views of later issues: a heading so every deep link answers, and a note of what comes. */
function Placeholder({ heading }: { heading: string }) {
  return (
    <div className="grid gap-4">
      <header className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <ThemeToggle />
      </header>
      <p className="muted">This page is coming soon.</p>
    </div>
  );
}

function AccessDenied() {
  return (
    <div className="grid gap-2 py-16 text-center">
      <h1 className="text-2xl font-bold">Access Denied</h1>
      <p className="muted">You need admin privileges to access this page.</p>
    </div>
  );
}

export function NotFoundView() {
  return (
    <div className="grid gap-2 py-16 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="muted">Did you forget to add the page to the router?</p>
    </div>
  );
}

/** The view for a signed-in path (the server answers 404 for anything else on first load). */
export function RouteView({ path, user }: { path: string; user: UserDto }) {
  if (path === '/') return <LibraryView user={user} />;
  if (path === '/search') return <Placeholder heading="Search" />;
  if (path === '/albums') return <Placeholder heading="Albums" />;
  if (path.startsWith('/album/')) return <Placeholder heading="Album" />;
  if (path === '/playlists') return <Placeholder heading="Playlists" />;
  if (path.startsWith('/playlists/')) return <Placeholder heading="Playlist" />;
  if (path === '/admin') return user.isAdmin ? <Placeholder heading="Admin" /> : <AccessDenied />;
  return <NotFoundView />;
}
