import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

test('every inline script carries the response nonce named by the CSP', async () => {
  const response = await server.request('/login');
  const csp = response.headers.get('content-security-policy')!;
  const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(2);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // The theme is restored in <head>, before anything paints.
  expect(html.indexOf("localStorage.getItem('theme')")).toBeLessThan(html.indexOf('</head>'));
  // The browser's install offer is caught before any module is even named (it can come first).
  const offer = html.indexOf("addEventListener('beforeinstallprompt'");
  expect(offer).toBeGreaterThan(0);
  expect(offer).toBeLessThan(html.search(/<script type="module"|<link rel="modulepreload"/));
});

test('built assets are served immutable; paths outside the build are not', async () => {
  const html = await (await server.request('/')).text();
  const css = html.match(/href="(\/assets\/styles-[\w]+\.css)"/)![1]!;
  const asset = await server.request(css);
  expect(asset.status).toBe(200);
  expect(asset.headers.get('cache-control')).toContain('immutable');
  expect(await asset.text()).toContain('.dark');
  for (const path of ['/assets/..%2f..%2fpackage.json', '/assets/%2e%2e/%2e%2e/package.json', '/icons/..%2f..%2fpackage.json']) {
    const response = await server.request(path);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('"scripts"');
  }
});

test('public files: manifest, icons, default artwork, robots.txt', async () => {
  const manifest = await server.request('/manifest.webmanifest');
  expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
  expect(((await manifest.json()) as { name: string }).name).toBe('Hearth');
  expect((await server.request('/icons/icon-512.png')).status).toBe(200);
  expect((await server.request('/default-artwork.png')).headers.get('content-type')).toBe('image/png');
  expect(await (await server.request('/robots.txt')).text()).toContain('User-agent');
  expect((await server.request('/README.md')).status).toBe(404);
});

test('an unexpected failure renders the generic error screen with status 500', async () => {
  const cookie = await server.signUp('unlucky');
  server.db.run(sql`DROP TABLE sessions`);
  const response = await server.request('/', { cookie });
  expect(response.status).toBe(500);
  const html = await response.text();
  expect(html).toContain('Something went wrong');
  expect(html).toContain('An unexpected error occurred. Please try refreshing the page.');
  expect(html).toContain('Reload Page');
  expect(html).not.toContain('no such table');
});
