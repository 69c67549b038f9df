import type { ServerWebSocket } from 'bun';
import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { type RoomRegistry, type RoomSocket, wholeState } from '../../src/services/rooms/room-registry.ts';
import type { RoomSocketMessage, RoomSocketRequest } from '../../src/shared/schemas/room.ts';
import { roomParams } from '../../src/shared/schemas/room.ts';
import { ForbiddenError } from '../../src/errors.ts';
import { newestStateSender } from '../../src/services/rooms/newest-state-sender.ts';
import { requestOrigin } from '../../src/http/client-ip.ts';
import { participantIn } from './participant.ts';

/**
 * `/api/rooms/{code}/socket` (index.ts mounts it under its prefix): the room's live state. The
 * upgrade is refused like any room route (404, 401, 403); on open the socket gets the whole state,
 * then each change with its version; a screen that sees a gap asks `catch-up` for the whole state
 * again. A ping is answered with the server clock. A phone that reads slower than the room changes
 * gets the whole newest state when its socket drains, never a gap.
 */
export function roomSocket(ctx: AppContext, rooms: RoomRegistry) {
  const open = new Map<string, { code: string; socket: RoomSocket; drained: () => void; catchUp: () => void }>();
  return new Elysia({ name: 'room-socket' }).use(ctx.auth).ws('/:code/socket', {
    params: roomParams,
    async beforeHandle(context) {
      // A page on another site must not open a socket with this browser's pass or session.
      const origin = context.request.headers.get('origin');
      const ours = [ctx.config.publicUrl && new URL(ctx.config.publicUrl).origin, requestOrigin(context.request, ctx.config.trustProxy)];
      if (origin !== null && !ours.includes(origin)) throw new ForbiddenError('Cross-site requests are not allowed');
      await participantIn(rooms.find(context.params.code), ctx.secret, context);
    },
    async open(ws) {
      // The room may have ended, or the guest been removed, since the upgrade was accepted.
      const found = await Promise.try(async () => {
        const room = rooms.find(ws.data.params.code);
        return { room, who: await participantIn(room, ctx.secret, ws.data) };
      }).catch(() => null);
      if (!found) return ws.close(4000, 'ended');
      // Closed while the pass was checked: its close has run already, so attaching would keep a
      // dead socket in the room (and in `open`) for as long as the room lasts.
      if (ws.readyState !== WebSocket.OPEN) return;
      const { room, who } = found;
      const transport = { send: (text: string) => ws.send(text), bufferedBytes: () => (ws.raw as unknown as ServerWebSocket).getBufferedAmount() };
      const sender = newestStateSender(transport, () => wholeState(room));
      const socket: RoomSocket = { key: who.key, send: sender.send, close: (code, reason) => ws.close(code, reason) };
      // A gap means a change came after the last whole state sent; at that state's version one is
      // already on its way, so a guest repeating the ask gets no more whole queues built and sent.
      let wholeAt = -1;
      const catchUp = () => {
        if (wholeAt === room.version) return;
        wholeAt = room.version;
        sender.sendWhole();
      };
      open.set(ws.id, { code: room.code, socket, drained: sender.drained, catchUp });
      rooms.attach(room, socket);
      wholeAt = room.version;
    },
    message(ws, message) {
      const request = (typeof message === 'string' ? safeJson(message) : message) as Partial<RoomSocketRequest> | null;
      if (request?.type === 'catch-up') return void open.get(ws.id)?.catchUp();
      if (request?.type !== 'ping' || typeof request.id !== 'number') return;
      ws.send(JSON.stringify({ type: 'pong', id: request.id, serverNow: ctx.now() } satisfies RoomSocketMessage));
    },
    drain(ws) {
      open.get(ws.id)?.drained();
    },
    close(ws) {
      const found = open.get(ws.id);
      if (found) rooms.detach(found.code, found.socket);
      open.delete(ws.id);
    },
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
