'use client';
import { useState } from 'react';
import { messageOf } from '../lib/api/request.ts';
import { roomsApi } from '../lib/api/rooms.ts';
import { usePlayer } from '../player/player-store.ts';
import { playHereOnOpen } from './listen-here.tsx';
import { Button } from '../ui/button.tsx';
import { toast } from '../ui/toast-store.ts';
import { iconPartyPopper } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/**
 * The full player's "Start a family room": the queue from the playing song on becomes the room's,
 * going on from where the song is, and this device keeps playing it as one of the room's.
 */
export function StartRoomButton() {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    const { queue, index, time } = usePlayer.getState();
    setBusy(true);
    try {
      const room = await roomsApi.start({ songIds: queue.slice(Math.max(0, index)).map((track) => track.id), positionMs: Math.round(Math.max(0, time) * 1000) });
      playHereOnOpen(room.code);
      location.assign(`/room/${room.code}?qr`);
    } catch (error) {
      toast({ title: messageOf(error, 'Could not start a family room. Please try again.'), variant: 'destructive' });
      setBusy(false);
    }
  };
  return (
    <Button variant="ghost" size="icon" aria-label="Start a family room" busy={busy} onClick={start}>
      <Icon svg={iconPartyPopper} className="text-xl" />
    </Button>
  );
}
