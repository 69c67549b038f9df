'use client';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { RoomViewDto } from '../../src/shared/schemas/room.ts';
import { ApiError, messageOf } from '../lib/api/request.ts';
import { roomsApi } from '../lib/api/rooms.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Field, Input } from '../ui/input.tsx';
import { Message } from '../ui/message.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { HostControls } from './host-controls.tsx';
import { ListenHere } from './listen-here.tsx';
import { RoomQueue } from './room-queue.tsx';
import { RoomSearch } from './room-search.tsx';
import { useRoomSocket } from './use-room-socket.ts';
import { iconDoorClosed, iconPartyPopper } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** The guest's name stays on the device, so the next party's form is already filled in. */
const NAME_KEY = 'hearth-room-name';

type Phase = { kind: 'loading' } | { kind: 'join' } | { kind: 'gone'; removed: boolean } | { kind: 'in'; view: RoomViewDto };

/** `/room/{code}`: a guest's name, then the room's queue, search and votes; the host's controls. */
export function RoomScreen({ code }: { code: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const load = useCallback(() => {
    roomsApi.view(code).then(
      (view) => setPhase({ kind: 'in', view }),
      (error) => setPhase(error instanceof ApiError && error.status === 401 ? { kind: 'join' } : { kind: 'gone', removed: error instanceof ApiError && error.status === 403 }),
    );
  }, [code]);
  useEffect(load, [load]);
  const { state, link, ping } = useRoomSocket(code, phase.kind === 'in');

  if (phase.kind === 'loading') return <div className="flex min-h-dvh items-center justify-center"><Spinner /></div>;
  if (phase.kind === 'join') return <JoinForm code={code} onJoined={load} />;
  if (phase.kind === 'gone' || link === 'ended' || link === 'removed') return <Gone removed={link === 'removed' || (phase.kind === 'gone' && phase.removed)} />;
  const room = state ?? phase.view;
  const you = phase.view.you;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col gap-5 p-4 pb-12 sm:p-6">
      {/* The code is what guests type to join: it wraps rather than being cut, and on a phone
          'Reconnecting…' takes a line of its own below. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Icon svg={iconPartyPopper} className="text-2xl text-accent-text" />
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold">Family room</h1>
          <p className="break-words text-sm text-muted-foreground">
            {you.isHost ? 'You are the host' : `You are ${you.name}`} · code <span className="whitespace-nowrap font-mono tracking-widest">{room.code}</span>
          </p>
        </div>
        {link === 'connecting' && state ? <p role="status" className="w-full pl-11 text-sm text-muted-foreground sm:w-auto sm:pl-0">Reconnecting…</p> : null}
      </header>
      {you.isHost ? <HostControls room={room} /> : null}
      <ListenHere code={room.code} nowPlaying={room.nowPlaying} ping={ping} />
      <RoomQueue room={room} isHost={you.isHost} />
      {room.locked && !you.isHost ? <p className="text-sm text-muted-foreground">The host has locked adding songs</p> : <RoomSearch code={room.code} />}
    </main>
  );
}

function JoinForm({ code, onJoined }: { code: string; onJoined: () => void }) {
  // The form first shows once the room said "join", in the browser: the kept name is there from the start.
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await roomsApi.join(code, { name });
      localStorage.setItem(NAME_KEY, name.trim());
      onJoined();
    } catch (failure) {
      setError(messageOf(failure, 'Could not join the room. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-4">
      <Card className="grid w-full max-w-sm gap-5 p-6">
        <div className="grid gap-1 text-center">
          <Icon svg={iconPartyPopper} className="mx-auto text-4xl text-accent-text" />
          <h1 className="text-xl font-bold">Join the family room</h1>
          <p className="text-sm text-muted-foreground">Add songs to the queue from your phone.</p>
        </div>
        <form className="grid gap-4" onSubmit={submit}>
          <Field label="Your name" htmlFor="room-name" error={error}>
            <Input id="room-name" value={name} maxLength={40} autoComplete="nickname" required onChange={(event) => setName(event.target.value)} aria-invalid={error ? true : undefined} />
          </Field>
          <Button type="submit" busy={busy}>Join</Button>
        </form>
      </Card>
    </main>
  );
}

function Gone({ removed }: { removed: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <Message icon={iconDoorClosed} heading={removed ? 'The host has taken you out of this room' : 'This room has ended, or the code is wrong'} level={1}>
        <p className="max-w-sm text-muted-foreground">{removed ? 'Ask the host to let you back in.' : 'Check the code with the host, or scan the QR code again.'}</p>
      </Message>
    </main>
  );
}
