import { afterAll, beforeAll, expect, test } from 'bun:test';
import { firstLoadFiles } from '../../bench/lib/first-load.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

// What the signed-in first screen (the library) downloads before anything is chosen
// (docs/decisions/122-first-load-only-what-the-library-needs.md): the development build names
// each module it bundles in a `// path` comment, so the first-load files tell which came.
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.signUp('kid');
});

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
