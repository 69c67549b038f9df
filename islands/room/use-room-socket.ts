'use client';
import { useEffect, useState } from 'react';
import type { RoomSocketMessage, RoomStateDto } from '../../src/shared/schemas/room.ts';
import { roomPaths } from '../lib/api/rooms.ts';

export type RoomLink = 'connecting' | 'live' | 'ended' | 'removed';

/**
 * The room's live state over its socket. A dropped socket reconnects after 0.5, 1, 2… up to 5 s;
 * its first message is the whole state, so nothing missed meanwhile is lost. The end of the
 * room or the guest's removal closes it for good.
 */
export function useRoomSocket(code: string, enabled: boolean): { state: RoomStateDto | null; link: RoomLink } {
  const [state, setState] = useState<RoomStateDto | null>(null);
  const [link, setLink] = useState<RoomLink>('connecting');
  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let done = false;
    const connect = () => {
      socket = new WebSocket(roomPaths.socket(code));
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as RoomSocketMessage;
        if (message.type === 'state') {
          attempt = 0;
          setLink('live');
          setState((old) => (old && old.version > message.state.version ? old : message.state));
        } else if (message.type === 'ended' || message.type === 'removed') {
          done = true;
          setLink(message.type);
        }
      };
      socket.onclose = () => {
        if (done) return;
        setLink('connecting');
        retry = setTimeout(connect, Math.min(5000, 500 * 2 ** attempt++));
      };
    };
    connect();
    return () => {
      done = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [code, enabled]);
  return { state, link };
}
