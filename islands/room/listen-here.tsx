'use client';
import { useEffect, useRef, useState } from 'react';
import type { RoomStateDto } from '../../src/shared/schemas/room.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { type ClockReading, ListenAlong } from './listen-along.ts';
import { iconSpeaker, iconVolumeX } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** A speaker's extra delay stays on the device it belongs to. */
const DELAY_KEY = 'hearth-room-delay';
/** The room this tab plays as soon as it opens (and after a reload): the one its player started. */
const PLAYS_HERE_KEY = 'hearth-room-plays-here';

/** The player's tab started this room: its page plays along at once, without a second tap. */
export const playHereOnOpen = (code: string) => sessionStorage.setItem(PLAYS_HERE_KEY, code);

/** "Play here too": this device plays the room's schedule in step with the others. */
export function ListenHere({ code, nowPlaying, ping }: { code: string; nowPlaying: RoomStateDto['nowPlaying']; ping: () => Promise<ClockReading> }) {
  const player = useRef<ListenAlong | null>(null);
  const latest = useRef(nowPlaying);
  latest.current = nowPlaying;
  const [on, setOn] = useState(false);
  const [delay, setDelay] = useState(0);
  useEffect(() => player.current?.follow(nowPlaying), [nowPlaying]);
  useEffect(() => () => player.current?.stop(), []);
  const play = (delayMs: number) => {
    // Where the browser refuses to start sound without a tap here, the button asks for one.
    const along = (player.current = new ListenAlong(ping, delayMs, () => along === player.current && stopPlaying()));
    along.follow(latest.current);
    void along.start();
    setOn(true);
  };
  const stopPlaying = () => {
    player.current?.stop();
    player.current = null;
    setOn(false);
  };
  useEffect(() => {
    const saved = Number(localStorage.getItem(DELAY_KEY)) || 0;
    setDelay(saved);
    if (sessionStorage.getItem(PLAYS_HERE_KEY) === code) play(saved);
  }, [code]);
  const toggle = () => {
    if (!player.current) return play(delay);
    sessionStorage.removeItem(PLAYS_HERE_KEY);
    stopPlaying();
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
        <Icon svg={on ? iconVolumeX : iconSpeaker} />
        {on ? 'Stop playing here' : 'Play here too'}
      </Button>
      <label className="grid gap-1 text-sm">
        <span className="text-muted-foreground">Speaker delay (ms)</span>
        <Input type="number" inputMode="numeric" min={0} max={2000} step={10} value={delay} className="w-28" onChange={(event) => changeDelay(Number(event.target.value))} />
      </label>
    </div>
  );
}
