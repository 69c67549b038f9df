'use client';
import { useEffect, useRef, useState } from 'react';
import type { RoomStateDto } from '../../src/shared/schemas/room.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { type ClockReading, ListenAlong } from './listen-along.ts';

/** A speaker's extra delay stays on the device it belongs to. */
const DELAY_KEY = 'hearth-room-delay';

/** "Play here too": this device plays the room's schedule in step with the others. */
export function ListenHere({ nowPlaying, ping }: { nowPlaying: RoomStateDto['nowPlaying']; ping: () => Promise<ClockReading> }) {
  const player = useRef<ListenAlong | null>(null);
  const [on, setOn] = useState(false);
  const [delay, setDelay] = useState(0);
  useEffect(() => setDelay(Number(localStorage.getItem(DELAY_KEY)) || 0), []);
  useEffect(() => player.current?.follow(nowPlaying), [nowPlaying]);
  useEffect(() => () => player.current?.stop(), []);
  const toggle = () => {
    if (player.current) {
      player.current.stop();
      player.current = null;
      return setOn(false);
    }
    const along = (player.current = new ListenAlong(ping, delay));
    along.follow(nowPlaying);
    void along.start();
    setOn(true);
  };
  const changeDelay = (value: number) => {
    const ms = Math.max(0, Math.min(2000, Math.round(value) || 0));
    setDelay(ms);
    localStorage.setItem(DELAY_KEY, String(ms));
    if (player.current) player.current.delayMs = ms;
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Button variant={on ? 'secondary' : 'default'} aria-pressed={on} onClick={toggle}>
        <span aria-hidden="true" className={on ? 'i-lucide-volume-x' : 'i-lucide-speaker'} />
        {on ? 'Stop playing here' : 'Play here too'}
      </Button>
      <label className="grid gap-1 text-sm">
        <span className="text-muted-foreground">Speaker delay (ms)</span>
        <Input type="number" inputMode="numeric" min={0} max={2000} step={10} value={delay} className="w-28" onChange={(event) => changeDelay(Number(event.target.value))} />
      </label>
    </div>
  );
}
