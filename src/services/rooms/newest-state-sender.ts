/** What a room socket needs of Bun's: send a text, and the bytes still waiting to go out. */
export interface SocketTransport {
  send(text: string): unknown;
  bufferedBytes(): number;
}

/** Past this much waiting for a phone, the room's whole states are held back, only the newest kept. */
export const BACKED_UP_BYTES = 256 * 1024;

/**
 * Sends a room socket's messages so a phone that reads slower than the room changes still ends on
 * the newest state: while the socket is backed up, each whole state replaces the one held, and the
 * held one goes out when the socket drains. Bun would otherwise drop messages past its limit.
 */
export function newestStateSender(transport: SocketTransport) {
  let held: string | null = null;
  return {
    send(text: string, kind?: 'state'): void {
      if (kind !== 'state') return void transport.send(text);
      if (transport.bufferedBytes() > BACKED_UP_BYTES) return void (held = text);
      // Room again before the drain: this state supersedes the one held.
      held = null;
      transport.send(text);
    },
    /** The socket drained: the held state, if any, goes out now. */
    drained(): void {
      if (held === null) return;
      const text = held;
      held = null;
      transport.send(text);
    },
  };
}
