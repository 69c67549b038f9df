import { afterAll, beforeAll, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { join } from 'node:path';
import { songs } from '../../db/schema/index.ts';
import { filesUnder, fixtureBytes } from '../../src/testing/media-fixtures.ts';
import { type TestServer, startTestServer } from '../../src/testing/server.ts';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp('uploader', { isAdmin: true });
});
afterAll(() => server.stop());

const tmpFiles = () => filesUnder(join(server.dataDir, 'media', 'tmp'));

/** Polls until `check` holds (the server notices a dropped socket on its own schedule). */
async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await Bun.sleep(20);
  }
}

test('a client that drops the connection mid-body leaves no temp file and no row', async () => {
  const before = server.db.select().from(songs).all().length;
  const boundary = 'hearthabort';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gone.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`;
  const audio = await fixtureBytes('plain.mp3');
  const declared = head.length + 4 * 1024 * 1024; // far more than is ever sent
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/upload/audio HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${admin}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n`,
  );
  socket.write(head);
  // Enough bytes that the part's temp file exists on disk before the client goes away.
  for (let i = 0; i < 8; i++) socket.write(Buffer.from(audio));
  socket.write(Buffer.alloc(256 * 1024, 0x55));
  await eventually(() => tmpFiles().length === 1);
  socket.destroy();
  await eventually(() => tmpFiles().length === 0);
  expect(server.db.select().from(songs).all().length).toBe(before);
});
