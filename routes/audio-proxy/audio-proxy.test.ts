import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Server } from 'bun';
import { isForbiddenAddress } from '../../media/address.ts';
import { proxyAudio } from '../../media/proxy.ts';
import { fixture, fixtureBytes } from '../../src/testing/media-fixtures.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

// A stand-in media host on loopback: serves audio (ranges by Bun), HTML, and redirects.
let upstream: Server<unknown>;
let base: string;
const seen: { path: string; host: string | null; range: string | null }[] = [];
beforeAll(() => {
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      seen.push({ path: url.pathname, host: request.headers.get('host'), range: request.headers.get('range') });
      const port = upstream.port;
      switch (url.pathname) {
        case '/tone.ogg':
          return new Response(Bun.file(fixture('tone.ogg')), { headers: { 'content-type': 'audio/ogg' } });
        case '/page':
          return new Response('<script>alert(1)</script>', { headers: { 'content-type': 'text/html' } });
        case '/same-origin':
          return Response.redirect(`http://media.test:${port}/tone.ogg`, 302);
        case '/to-loopback':
          return Response.redirect(`http://127.0.0.2:${port}/tone.ogg`, 302);
        case '/to-elsewhere':
          return Response.redirect(`http://localhost:${port}/tone.ogg`, 302);
        default:
          return new Response('missing', { status: 404 });
      }
    },
  });
  base = `http://127.0.0.1:${upstream.port}`;
});
afterAll(() => upstream.stop(true));

describe('GET /api/audio/proxy on the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Every hostile target is allow-listed, so what refuses them is the address check itself.
    const port = upstream.port;
    server = await startTestServer({ MEDIA_PROXY_ALLOW: `${base},http://[::1]:${port},http://169.254.169.254,http://10.0.0.1` });
    cookie = await server.signUp('kid');
  });
  afterAll(() => server.stop());
  let cookie: string;

  const proxy = (target: string) => server.request(`/api/audio/proxy?url=${encodeURIComponent(target)}`, { cookie });

  test('requires a session: a guest gets 401 and the upstream is never asked', async () => {
    const before = seen.length;
    const response = await server.request(`/api/audio/proxy?url=${encodeURIComponent(`${base}/tone.ogg`)}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'You need to sign in first' });
    expect(seen.length).toBe(before);
  });

  test.each([
    ['loopback', () => `${base}/tone.ogg`],
    ['IPv6 loopback', () => `http://[::1]:${upstream.port}/tone.ogg`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['decimal IP', () => `http://2130706433:${upstream.port}/tone.ogg`],
    ['hex IP', () => `http://0x7f000001:${upstream.port}/tone.ogg`],
    ['octal IP', () => `http://0177.0.0.1:${upstream.port}/tone.ogg`],
    ['private range', () => 'http://10.0.0.1/a.mp3'],
  ])('%s is refused even when allow-listed, without a connection', async (_label, target) => {
    const before = seen.length;
    const response = await proxy(target());
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe('The audio proxy never fetches local, private or link-local addresses');
    expect(seen.length).toBe(before);
  });

  test('other origins and schemes are refused', async () => {
    expect((await proxy('http://example.com/a.mp3')).status).toBe(403);
    expect((await proxy('file:///etc/passwd')).status).toBe(400);
    expect((await proxy('not a url')).status).toBe(400);
    expect((await server.request('/api/audio/proxy', { cookie })).status).toBe(400);
    expect((await proxy(`http://user:pw@127.0.0.1:${upstream.port}/tone.ogg`)).status).toBe(400);
  });

  test('off unless MEDIA_PROXY_ALLOW is set', async () => {
    const off = await startTestServer();
    try {
      const kid = await off.signUp('kid');
      const response = await off.request(`/api/audio/proxy?url=${encodeURIComponent('https://cdn.example.com/a.mp3')}`, { cookie: kid });
      expect(response.status).toBe(403);
      expect((await response.json()).error).toContain('not enabled');
    } finally {
      await off.stop();
    }
  });
});

describe('proxyAudio with a test-only address policy (127.0.0.1 allowed, all else as in production)', () => {
  const options = () => ({
    allow: [`http://media.test:${upstream.port}`, `http://127.0.0.2:${upstream.port}`],
    lookup: async (host: string) => (host === 'media.test' ? ['127.0.0.1'] : []),
    isForbidden: (ip: string) => ip !== '127.0.0.1' && isForbiddenAddress(ip),
  });
  const request = (headers: Record<string, string> = {}) => new Request('http://hearth.test/api/audio/proxy', { headers });
  const target = (path: string) => `http://media.test:${upstream.port}${path}`;

  test('streams audio from the checked address, naming the real host, with Range forwarded', async () => {
    const response = await proxyAudio(target('/tone.ogg'), request({ range: 'bytes=0-3' }), options());
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('OggS');
    expect(seen.at(-1)).toEqual({ path: '/tone.ogg', host: `media.test:${upstream.port}`, range: 'bytes=0-3' });
    const whole = await proxyAudio(target('/tone.ogg'), request(), options());
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(await fixtureBytes('tone.ogg'));
  });

  test('a same-origin redirect is followed; a redirect to loopback or another origin is refused', async () => {
    expect((await proxyAudio(target('/same-origin'), request(), options())).status).toBe(200);
    const toLoopback = proxyAudio(target('/to-loopback'), request(), options());
    await expect(toLoopback).rejects.toThrow('another origin');
    const allowLoopbackOrigin = { ...options(), allow: [`http://media.test:${upstream.port}`] };
    await expect(proxyAudio(target('/to-elsewhere'), request(), allowLoopbackOrigin)).rejects.toThrow('another origin');
    // Even an allow-listed origin is refused when its address is loopback.
    await expect(proxyAudio(`http://127.0.0.2:${upstream.port}/tone.ogg`, request(), options())).rejects.toThrow('never fetches local');
  });

  test('not audio: 415; too large: 413; upstream error: 502', async () => {
    await expect(proxyAudio(target('/page'), request(), options())).rejects.toMatchObject({ status: 415 });
    await expect(proxyAudio(target('/tone.ogg'), request(), { ...options(), maxBytes: 100 })).rejects.toMatchObject({ status: 413 });
    await expect(proxyAudio(target('/nothing'), request(), options())).rejects.toMatchObject({ status: 502 });
  });
});
