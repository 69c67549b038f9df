/** What a room socket needs of Bun's: send a text, and the bytes still waiting to go out. */
export interface SocketTransport {
  send(text: string): unknown;
  bufferedBytes(): number;
}

/** A room's update: its whole state, or one change on top of the version before. */
export type RoomUpdateKind = 'state' | 'change';

/** Past this much waiting for a phone, the room's updates are held back for one whole state. */
export const BACKED_UP_BYTES = 256 * 1024;

/**
 * Sends a room socket's messages so a phone that reads slower than the room changes still ends on
 * the newest state: while the socket is backed up, its updates are skipped, and once there is room
 * again (the drain, or the next update) the room's whole state goes out instead of the missed
 * changes. Bun would otherwise drop messages past its limit; a skipped change is never followed
 * by a later one, so a screen sees no gap.
 */
export function newestStateSender(transport: SocketTransport, wholeState: () => string) {
  let behind = false;
  return {
    send(text: string, kind?: RoomUpdateKind): void {
      if (kind === undefined) return void transport.send(text);
      if (transport.bufferedBytes() > BACKED_UP_BYTES) return void (behind = true);
      if (behind && kind === 'change') text = wholeState();
      behind = false;
      transport.send(text);
    },
    /** The whole state now, or at the drain when backed up: built only when it goes out, as it holds the whole queue. */
    sendWhole(): void {
      if (transport.bufferedBytes() > BACKED_UP_BYTES) return void (behind = true);
      behind = false;
      transport.send(wholeState());
    },
    /** The socket drained: if updates were skipped, the whole state goes out now. */
    drained(): void {
      if (!behind) return;
      behind = false;
      transport.send(wholeState());
    },
  };
}
