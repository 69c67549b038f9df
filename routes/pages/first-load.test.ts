import { afterAll, beforeAll, expect, test } from 'bun:test';
import { firstLoadFiles } from '../../bench/lib/first-load.ts';
import { insertAlbum, insertPlaylist, insertSong } from '../../src/testing/factories.ts';
import { BOOTSTRAP_CLIENT_MODULES, PAGE_BOOTSTRAPS } from './bootstraps.ts';
import type { PageName } from './registry.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

// What the signed-in first screen (the library) downloads before anything is chosen
// (docs/decisions/122-first-load-only-what-the-library-needs.md): the development build names
// each module it bundles in a `// path` comment, so the first-load files tell which came.
let server: TestServer;
let cookie: string;
/**
 * A visit to every page but 'error' (a failed render; the status page's component, as for
 * 'not-found'), each with what makes it show its client parts: a song, an album and a playlist
 * shared.
 */
let visits: { page: PageName; path: string; signedIn?: boolean }[];

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.signUp('kid');
  const kidId = (await (await server.request('/api/user', { cookie })).json()).id as number;
  const song = insertSong(server.db, { title: 'Lullaby' });
  const album = insertAlbum(server.db, { name: 'Summer Holidays' });
  insertSong(server.db, { title: 'Beach Day', albumId: album.id });
  const playlist = insertPlaylist(server.db, { userId: kidId, name: 'Road Trip' }, [song.id]);
  visits = [
    { page: 'app', path: '/', signedIn: true },
    { page: 'landing', path: '/' },
    { page: 'login', path: '/login' },
    { page: 'not-found', path: '/no-such-page', signedIn: true },
    { page: 'access-denied', path: '/admin', signedIn: true },
    { page: 'share-song', path: `/share/${song.shareId}` },
    { page: 'share-album', path: `/share/album/${album.shareId}` },
    { page: 'share-playlist', path: `/share/playlist/${playlist.shareId}` },
    { page: 'share-audio', path: '/share', signedIn: true },
    { page: 'room', path: '/room/ABCDEF' },
  ];
});

const pageHtml = async ({ path, signedIn }: { path: string; signedIn?: boolean }) => (await server.request(path, signedIn ? { cookie } : {})).text();
const bootstrapOf = (page: PageName): readonly string[] => BOOTSTRAP_CLIENT_MODULES[PAGE_BOOTSTRAPS[page]];

afterAll(async () => {
  await server?.stop();
});

async function firstLoadModules(path: string): Promise<string> {
  const html = await (await server.request(path, { cookie })).text();
  const files = await firstLoadFiles(html, server.url);
  return files.map((file) => file.code).join('\n');
}

test('the library is in the first load; other views, the full player, Add to Playlist and the slider are not', async () => {
  const code = await firstLoadModules('/');
  for (const module of ['islands/library/library-view.tsx', 'islands/player/mini-player.tsx', 'islands/songs/song-menu.tsx']) {
    expect(code).toContain(`// ${module}`);
  }
  for (const module of [
    'islands/search/search-view.tsx',
    'islands/albums/album-view.tsx',
    'islands/playlists/playlist-view.tsx',
    'islands/account/account-view.tsx',
    'islands/player/full-player.tsx',
    'islands/playlists/add-to-playlist-dialog.tsx',
    'islands/ui/dialog.tsx',
    'islands/ui/slider.tsx',
  ]) {
    expect(code).not.toContain(`// ${module}`);
  }
});

test("another view's page names its chunk only as a later load, and still renders it in the HTML", async () => {
  const response = await server.request('/search', { cookie });
  const html = await response.text();
  expect(html).toContain('Start typing to search');
  const code = (await firstLoadFiles(html, server.url)).map((file) => file.code).join('\n');
  expect(code).not.toContain('// islands/search/search-view.tsx');
});

// routes/pages/bootstraps.ts: a page names one module, its kind's bootstrap, which bundles the
// client modules that kind hydrates and no other kind's (a shared link never fetches the app).
test('each page loads one bootstrap, with the client modules its kind hydrates and not the others', async () => {
  // The client module at the root of each kind (the status pages' reload button is in others too).
  const roots = [...new Set(Object.values(BOOTSTRAP_CLIENT_MODULES).map((modules) => modules[0]))].filter((root) => root !== 'islands/reload-button.tsx');
  for (const visit of visits) {
    const html = await pageHtml(visit);
    expect({ page: visit.page, named: new Set(html.match(/\/assets\/[\w/.-]+\.js/g)).size }).toEqual({ page: visit.page, named: 1 });
    const code = (await firstLoadFiles(html, server.url)).map((file) => file.code).join('\n');
    const hydrates = bootstrapOf(visit.page);
    for (const module of new Set([...hydrates, ...roots])) {
      expect({ page: visit.page, module, loaded: code.includes(`// ${module}`) }).toEqual({ page: visit.page, module, loaded: hydrates.includes(module) });
    }
  }
});

/** The client modules a page's Flight payload references (its `I` rows; a repeated string is `$id`). */
function referencedClientModules(html: string): string[] {
  const flight = [...html.matchAll(/__hearthFlight\|\|=\[\]\)\.push\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => JSON.parse(m[1]!) as string).join('');
  const strings = new Map([...flight.matchAll(/^(\w+):("(?:[^"\\]|\\.)*")$/gm)].map((m) => [`$${m[1]}`, JSON.parse(m[2]!) as string]));
  const ids = [...flight.matchAll(/^\w+:I\[("(?:[^"\\]|\\.)*")/gm)].map((m) => JSON.parse(m[1]!) as string);
  return [...new Set(ids.map((id) => strings.get(id) ?? id))];
}

// The build checks the table against all pages together; this checks each page: a client module
// its bootstrap lacks would not hydrate.
test("every page references only client modules its kind's bootstrap bundles", async () => {
  expect(new Set<string>(visits.map(({ page }) => page))).toEqual(new Set(Object.keys(PAGE_BOOTSTRAPS).filter((page) => page !== 'error')));
  const seen = new Set<string>();
  for (const visit of visits) {
    const referenced = referencedClientModules(await pageHtml(visit));
    expect({ page: visit.page, missing: referenced.filter((source) => !bootstrapOf(visit.page).includes(source)) }).toEqual({ page: visit.page, missing: [] });
    for (const source of referenced) seen.add(source);
  }
  // The payloads were read: the pages above reference these between them.
  expect([...seen].sort()).toEqual(['islands/app/app-shell.tsx', 'islands/login/login-card.tsx', 'islands/room/room-screen.tsx', 'islands/share/share-audio-form.tsx', 'islands/share/share-player.tsx', 'islands/ui/toaster.tsx']);
});
