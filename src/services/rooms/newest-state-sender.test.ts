import { expect, test } from 'bun:test';
import { BACKED_UP_BYTES, newestStateSender } from './newest-state-sender.ts';

/** Bun's socket as the sender sees it: what went out, and a buffer the test fills and empties. */
function transport() {
  const sent: string[] = [];
  let buffered = 0;
  return { sent, setBuffered: (bytes: number) => (buffered = bytes), send: (text: string) => sent.push(text), bufferedBytes: () => buffered };
}

test('a backed-up socket gets only the newest state once it drains; other messages are never held', () => {
  const socket = transport();
  const sender = newestStateSender(socket);
  sender.send('state 1', 'state');
  socket.setBuffered(BACKED_UP_BYTES + 1);
  sender.send('state 2', 'state');
  sender.send('state 3', 'state');
  sender.send('pong', undefined);
  expect(socket.sent).toEqual(['state 1', 'pong']);
  socket.setBuffered(0);
  sender.drained();
  expect(socket.sent).toEqual(['state 1', 'pong', 'state 3']);
  sender.drained();
  sender.send('state 4', 'state');
  expect(socket.sent).toEqual(['state 1', 'pong', 'state 3', 'state 4']);
});

test('with room again before the drain, a newer state goes out at once and the older one held never does', () => {
  const socket = transport();
  const sender = newestStateSender(socket);
  socket.setBuffered(BACKED_UP_BYTES + 1);
  sender.send('state 1', 'state');
  socket.setBuffered(0);
  sender.send('state 2', 'state');
  sender.drained();
  expect(socket.sent).toEqual(['state 2']);
});
