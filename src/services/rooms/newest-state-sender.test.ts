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
  let room = 'state 1';
  const sender = newestStateSender(socket, () => room);
  sender.send('state 1', 'state');
  socket.setBuffered(BACKED_UP_BYTES + 1);
  room = 'state 2';
  sender.send('change 2', 'change');
  room = 'state 3';
  sender.send('change 3', 'change');
  sender.send('pong', undefined);
  expect(socket.sent).toEqual(['state 1', 'pong']);
  socket.setBuffered(0);
  sender.drained();
  expect(socket.sent).toEqual(['state 1', 'pong', 'state 3']);
  sender.drained();
  room = 'state 4';
  sender.send('change 4', 'change');
  expect(socket.sent).toEqual(['state 1', 'pong', 'state 3', 'change 4']);
});

test('with room again before the drain, the next change goes out as the whole state and the drain sends nothing more', () => {
  const socket = transport();
  let room = 'state 1';
  const sender = newestStateSender(socket, () => room);
  socket.setBuffered(BACKED_UP_BYTES + 1);
  sender.send('change 1', 'change');
  socket.setBuffered(0);
  room = 'state 2';
  sender.send('change 2', 'change');
  sender.drained();
  sender.send('change 3', 'change');
  expect(socket.sent).toEqual(['state 2', 'change 3']);
});

test('a change after a skipped one never goes out on its own: the screen would see a gap', () => {
  const socket = transport();
  const sender = newestStateSender(socket, () => 'state');
  sender.send('change 1', 'change');
  socket.setBuffered(BACKED_UP_BYTES + 1);
  sender.send('change 2', 'change');
  sender.send('change 3', 'change');
  expect(socket.sent).toEqual(['change 1']);
});

test('a whole state asked for while backed up is built only once the socket drains', () => {
  const socket = transport();
  let built = 0;
  const sender = newestStateSender(socket, () => `state ${++built}`);
  socket.setBuffered(BACKED_UP_BYTES + 1);
  for (let i = 0; i < 100; i++) sender.sendWhole();
  expect([built, socket.sent]).toEqual([0, []]);
  socket.setBuffered(0);
  sender.drained();
  sender.sendWhole();
  expect([built, socket.sent]).toEqual([2, ['state 1', 'state 2']]);
});
