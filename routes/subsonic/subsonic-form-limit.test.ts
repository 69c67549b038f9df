import { afterAll, beforeAll, expect, test } from 'bun:test';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

test('a POST form body sent without Content-Length is cut off past 64 KiB, not read to its end', async () => {
  const chunk = new TextEncoder().encode(`u=${'a'.repeat(16 * 1024)}&`);
  let sent = 0;
  // A chunked body that would never end (up to the 128 MB server cap): the answer must not wait for it.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= 8 * 1024 * 1024) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
      await Bun.sleep(1);
    },
  });
  const started = performance.now();
  const response = await fetch(`${server.url}/rest/ping.view`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.status).toBe(413);
  expect(sent).toBeLessThan(2 * 1024 * 1024);
  expect(performance.now() - started).toBeLessThan(2000);
});
