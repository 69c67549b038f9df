import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { publicJsonBody } from '../../src/http/auth-plugin.ts';
import { clientIp, requestOrigin } from '../../src/http/client-ip.ts';
import { ROOM_PASS_COOKIE, signRoomPass } from '../../src/http/room-pass.ts';
import { ROOM_IDLE_MS, RoomRegistry } from '../../src/services/rooms/room-registry.ts';
import { roomSong, searchForRoom } from '../../src/services/rooms/room-songs.ts';
import * as schemas from '../../src/shared/schemas/room.ts';
import { searchResultSchema } from '../../src/shared/schemas/search.ts';
import { signedInFirst } from '../gate.ts';
import { participantIn, requireHost } from './participant.ts';
import { roomSocket } from './socket.ts';

/**
 * `/api/rooms`: family rooms. Members start and end them; anyone with the code joins as a guest
 * and gets a signed pass for that one room (src/http/room-pass.ts). Every change goes out to the
 * room's sockets (socket.ts) as what changed, with its version.
 */
export function roomRoutes(ctx: AppContext) {
  const rooms = new RoomRegistry(ctx.now);
  const member = { auth: true, transform: signedInFirst } as const;
  const originOf = (request: Request) => ctx.config.publicUrl ?? requestOrigin(request, ctx.config.trustProxy);
  const asHost = async (code: string, caller: Parameters<typeof participantIn>[2]) => {
    const room = rooms.find(code);
    requireHost(await participantIn(room, ctx.secret, caller));
    return room;
  };
  return new Elysia({ name: 'room-routes', prefix: '/api/rooms' })
    .use(ctx.auth)
    .post(
      '',
      ({ user, body, request, set }) => {
        const songs = (body.songIds ?? []).map((songId) => roomSong(ctx.db, user, songId));
        const room = rooms.create(user);
        const host = { key: `u${user.id}`, name: user.username, isHost: true };
        rooms.change(room, (now) => {
          for (const song of songs) room.add(host, song, now);
          // The host's song goes on from where their player was.
          if (room.queue.length > 0) room.skip(now, body.positionMs);
        });
        set.status = 201;
        const origin = originOf(request);
        return { code: room.code, url: `${origin}/room/${room.code}`, qrUrl: `${origin}/api/rooms/${room.code}/qr` };
      },
      { ...member, body: schemas.createRoomBody, response: { 201: schemas.createdRoomSchema } },
    )
    .get(
      '/:code',
      async (context) => {
        const room = rooms.find(context.params.code);
        const who = await participantIn(room, ctx.secret, context);
        return { ...room.state(), you: { name: who.name, isHost: who.isHost } };
      },
      { params: schemas.roomParams, response: schemas.roomViewSchema },
    )
    .get(
      '/:code/qr',
      async (context) => {
        const room = rooms.find(context.params.code);
        await participantIn(room, ctx.secret, context);
        // Loaded at the first code shown, not at start (~2 MiB a server with no room never needs).
        const { default: QRCode } = await import('qrcode');
        const svg = await QRCode.toString(`${originOf(context.request)}/room/${room.code}`, { type: 'svg', margin: 2 });
        return new Response(svg, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'private, max-age=3600' } });
      },
      { params: schemas.roomParams },
    )
    .delete(
      '/:code',
      async (context) => {
        rooms.end(await asHost(context.params.code, context));
        context.set.status = 204;
      },
      { ...member, params: schemas.roomParams },
    )
    .patch(
      '/:code',
      async (context) => {
        const room = await asHost(context.params.code, context);
        rooms.change(room, () => room.settle(context.body));
        return room.state();
      },
      { ...member, params: schemas.roomParams, body: schemas.roomSettingsBody, response: schemas.roomStateSchema },
    )
    .post(
      '/:code/guests',
      async ({ params, body, request, server, cookie, set }) => {
        const room = rooms.find(params.code);
        const guest = rooms.join(room, body.name, clientIp(request, server, ctx.config.trustProxy));
        const value = await signRoomPass(ctx.secret, { code: room.code, guestId: guest.guestId });
        const secure = originOf(request).startsWith('https:');
        cookie[ROOM_PASS_COOKIE]!.set({ value, httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: ROOM_IDLE_MS / 1000 });
        set.status = 201;
        return guest;
      },
      { parse: publicJsonBody, params: schemas.roomParams, body: schemas.joinRoomBody, response: { 201: schemas.joinedRoomSchema } },
    )
    .delete(
      '/:code/guests/:guestId',
      async (context) => {
        rooms.removeGuest(await asHost(context.params.code, context), context.params.guestId);
        context.set.status = 204;
      },
      { ...member, params: schemas.roomGuestParams },
    )
    .get(
      '/:code/search',
      async (context) => {
        const room = rooms.find(context.params.code);
        await participantIn(room, ctx.secret, context);
        return searchForRoom(ctx.db, room, context.query.q);
      },
      { params: schemas.roomParams, query: schemas.roomSearchQuery, response: searchResultSchema },
    )
    .post(
      '/:code/queue',
      async (context) => {
        const room = rooms.find(context.params.code);
        const who = await participantIn(room, ctx.secret, context);
        const song = roomSong(ctx.db, room.host, context.body.songId);
        // The entry only: every screen learns the new queue over its socket, and a party's whole
        // queue is a third of a megabyte that each guest's phone would parse per add.
        const entry = rooms.change(room, (now) => room.add(who, song, now));
        context.set.status = 201;
        return entry;
      },
      { parse: publicJsonBody, params: schemas.roomParams, body: schemas.addToRoomBody, response: { 201: schemas.roomEntrySchema } },
    )
    .put(
      '/:code/queue',
      async (context) => {
        const room = await asHost(context.params.code, context);
        rooms.change(room, () => room.reorder(context.body.entryIds));
        return room.state();
      },
      { ...member, params: schemas.roomParams, body: schemas.reorderRoomBody, response: schemas.roomStateSchema },
    )
    .delete(
      '/:code/queue/:entryId',
      async (context) => {
        const room = await asHost(context.params.code, context);
        rooms.change(room, () => room.remove(context.params.entryId));
        context.set.status = 204;
      },
      { ...member, params: schemas.roomEntryParams },
    )
    .post(
      '/:code/skip',
      async (context) => {
        const room = await asHost(context.params.code, context);
        rooms.change(room, (now) => room.skip(now));
        return room.state();
      },
      { ...member, params: schemas.roomParams, response: schemas.roomStateSchema },
    )
    .put(
      '/:code/playback',
      async (context) => {
        const room = await asHost(context.params.code, context);
        rooms.change(room, (now) => room.setPaused(context.body.paused, now));
        return room.state();
      },
      { ...member, params: schemas.roomParams, body: schemas.playbackBody, response: schemas.roomStateSchema },
    )
    .post(
      '/:code/skip-votes',
      async (context) => {
        const room = rooms.find(context.params.code);
        const who = await participantIn(room, ctx.secret, context);
        rooms.change(room, (now) => room.voteToSkip(who, now));
        // The count only, as for an add: screens learn the rest over their socket.
        const { skipVotes, skipVotesNeeded } = room.summary();
        return { skipVotes, skipVotesNeeded };
      },
      { params: schemas.roomParams, response: schemas.skipVotesSchema },
    )
    .use(roomSocket(ctx, rooms));
}
