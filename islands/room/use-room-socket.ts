'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { applyRoomChange } from '../../src/shared/room-changes.ts';
import type { RoomSocketMessage, RoomSocketRequest, RoomStateDto } from '../../src/shared/schemas/room.ts';
import { ApiError } from '../lib/api/request.ts';
import { roomPaths, roomsApi } from '../lib/api/rooms.ts';
import type { ClockReading } from './listen-along.ts';

export type RoomLink = 'connecting' | 'live' | 'ended' | 'removed';

/**
 * The room's live state over its socket: the whole state first, then each change applied to it; a
 * missing version asks for the whole state again. A dropped socket reconnects after 0.5, 1, 2… up
 * to 5 s; its first message is the whole state, so nothing missed meanwhile is lost. Going offline
 * gives the socket up at once (its close can take a minute); coming back online tries at once rather
 * than after the back-off. The end of the room or the guest's removal closes it for good, also when
 * it happened while the socket was down (a refused reconnect asks the room).
 */
export function useRoomSocket(code: string, enabled: boolean): { state: RoomStateDto | null; link: RoomLink; ping: () => Promise<ClockReading> } {
  const [state, setState] = useState<RoomStateDto | null>(null);
  const [link, setLink] = useState<RoomLink>('connecting');
  const current = useRef<WebSocket | null>(null);
  const latest = useRef<RoomStateDto | null>(null);
  const pings = useRef(new Map<number, { sentAt: number; answer: (reading: ClockReading) => void }>());
  useEffect(() => {
    if (!enabled) return;
    latest.current = null;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let done = false;
    // The socket in use is given up: closed, or the device went offline (whose close can take a minute).
    let lost = true;
    let drop = () => {};
    const show = (next: RoomStateDto) => {
      latest.current = next;
      setState(next);
    };
    const connect = () => {
      const opened = (socket = current.current = new WebSocket(roomPaths.socket(code)));
      // After a gap, changes wait for the whole state asked for; they are in it.
      let catchingUp = false;
      let wasOpen = false;
      lost = false;
      opened.onopen = () => (wasOpen = true);
      opened.onmessage = (event) => {
        if (opened !== socket || lost) return;
        const message = JSON.parse(String(event.data)) as RoomSocketMessage;
        if (message.type === 'pong') {
          const receivedAt = performance.now();
          const sent = pings.current.get(message.id);
          pings.current.delete(message.id);
          // The server read its clock about halfway through the round trip.
          sent?.answer({ rttMs: receivedAt - sent.sentAt, offsetMs: message.serverNow - (performance.timeOrigin + (sent.sentAt + receivedAt) / 2) });
        } else if (message.type === 'state') {
          attempt = 0;
          catchingUp = false;
          setLink('live');
          if (!latest.current || latest.current.version <= message.state.version) show(message.state);
        } else if (message.type === 'change') {
          if (!latest.current || catchingUp) return;
          const next = applyRoomChange(latest.current, message);
          if (next === null) {
            catchingUp = true;
            opened.send(JSON.stringify({ type: 'catch-up' } satisfies RoomSocketRequest));
          } else if (next !== latest.current) show(next);
        } else if (message.type === 'ended' || message.type === 'removed') {
          done = true;
          setLink(message.type);
        }
      };
      opened.onclose = drop = () => {
        if (done || opened !== socket || lost) return;
        lost = true;
        setLink('connecting');
        retry = setTimeout(connect, Math.min(5000, 500 * 2 ** attempt++));
        // A refused socket says nothing of why: the room's address tells whether it ended, or this
        // guest was taken out, while the phone was away (404, 403); the page then says so.
        if (!wasOpen) roomsApi.view(code).catch((error: unknown) => {
          if (done || !(error instanceof ApiError) || (error.status !== 404 && error.status !== 403)) return;
          done = true;
          clearTimeout(retry);
          socket?.close();
          setLink(error.status === 404 ? 'ended' : 'removed');
        });
      };
    };
    const reconnectNow = () => {
      if (done || !lost) return;
      clearTimeout(retry);
      connect();
    };
    const dropNow = () => {
      drop();
      socket?.close();
    };
    connect();
    window.addEventListener('online', reconnectNow);
    window.addEventListener('offline', dropNow);
    return () => {
      done = true;
      clearTimeout(retry);
      window.removeEventListener('online', reconnectNow);
      window.removeEventListener('offline', dropNow);
      socket?.close();
    };
  }, [code, enabled]);
  const ping = useCallback((): Promise<ClockReading> => {
    const socket = current.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('not connected'));
    const id = Math.floor(Math.random() * 2 ** 31);
    return new Promise((answer, fail) => {
      pings.current.set(id, { sentAt: performance.now(), answer });
      socket.send(JSON.stringify({ type: 'ping', id }));
      setTimeout(() => pings.current.delete(id) && fail(new Error('no answer')), 2000);
    });
  }, []);
  return { state, link, ping };
}
