'use client';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { RoomStateDto } from '../../src/shared/schemas/room.ts';
import { roomPaths, roomsApi } from '../lib/api/rooms.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { failed } from './room-queue.tsx';
import { iconQrCode, iconX } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** The host's room: the QR code, pause and skip, locking adds and votes, guests, the end. */
export function HostControls({ room }: { room: RoomStateDto }) {
  const [qrOpen, setQrOpen] = useState(() => new URLSearchParams(location.search).has('qr'));
  // Closed once, the QR code stays closed through a reload.
  const showQr = (open: boolean) => {
    setQrOpen(open);
    if (!open && location.search) history.replaceState(history.state, '', location.pathname);
  };
  const paused = room.nowPlaying?.paused ?? false;
  const end = () => roomsApi.end(room.code).then(() => location.assign('/'), failed);
  return (
    <section aria-label="Host controls" className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setQrOpen(true)}>
          <Icon svg={iconQrCode} />
          Show QR code
        </Button>
        <Button variant="outline" disabled={!room.nowPlaying} onClick={() => roomsApi.playback(room.code, { paused: !paused }).catch(failed)}>
          {paused ? 'Play' : 'Pause'}
        </Button>
        <Button variant="outline" onClick={() => roomsApi.skip(room.code).catch(failed)}>Skip</Button>
        <Button variant="outline" aria-pressed={room.locked} onClick={() => roomsApi.settle(room.code, { locked: !room.locked }).catch(failed)}>
          {room.locked ? 'Unlock adding' : 'Lock adding'}
        </Button>
        <Button variant="outline" aria-pressed={room.skipVotesAllowed} onClick={() => roomsApi.settle(room.code, { skipVotesAllowed: !room.skipVotesAllowed }).catch(failed)}>
          {room.skipVotesAllowed ? 'Turn off votes to skip' : 'Allow votes to skip'}
        </Button>
        <Button variant="destructive" onClick={end}>End room</Button>
      </div>
      {room.guests.length > 0 ? (
        <div className="grid gap-1">
          <h2 className="text-sm font-medium text-muted-foreground">Guests</h2>
          <ul className="flex flex-wrap gap-2">
            {room.guests.map((guest) => (
              <li key={guest.guestId} className="flex items-center gap-1 rounded-full border border-border py-1 pl-3 pr-1 text-sm">
                <span className="max-w-40 truncate">{guest.name}</span>
                <Button variant="ghost" size="icon-sm" aria-label={`Remove ${guest.name}`} onClick={() => roomsApi.removeGuest(room.code, guest.guestId).catch(failed)}>
                  <Icon svg={iconX} />
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <QrScreen code={room.code} open={qrOpen} onOpenChange={showQr} />
    </section>
  );
}

/** The QR code full-screen, on white in either theme so every phone camera reads it. */
function QrScreen({ code, open, onOpenChange }: { code: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const link = `${location.origin}/room/${code}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content aria-describedby={undefined} className="ui-fade fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 overflow-y-auto bg-white p-6 text-center text-black focus:outline-none">
          <DialogPrimitive.Title className="text-2xl font-bold">Scan to join the family room</DialogPrimitive.Title>
          <img src={roomPaths.qr(code)} alt={`QR code for ${link}`} className="aspect-square w-full max-w-[min(80vw,70vh)]" />
          <p className="font-mono text-4xl font-bold tracking-[0.3em]">{code}</p>
          <p className="break-all text-base">{link}</p>
          <DialogPrimitive.Close asChild>
            <button type="button" className="h-11 rounded-md border border-black/20 px-6 font-medium focusable">Close</button>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </Dialog>
  );
}
