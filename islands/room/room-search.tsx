'use client';
import { type FormEvent, useState } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { roomsApi } from '../lib/api/rooms.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { failed } from './room-queue.tsx';

/** Search the library (what the host may see) and add songs to the room's queue. */
export function RoomSearch({ code }: { code: string }) {
  const [query, setQuery] = useState('');
  const [songs, setSongs] = useState<SongDto[] | null>(null);
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());
  const search = (event: FormEvent) => {
    event.preventDefault();
    roomsApi.search(code, query).then((result) => setSongs(result.songs), failed);
  };
  const add = (song: SongDto) =>
    roomsApi.add(code, song.id).then(() => setAdded((old) => new Set(old).add(song.id)), failed);
  return (
    <section aria-labelledby="room-add" className="flex flex-col gap-3">
      <h2 id="room-add" className="text-lg font-bold">Add a song</h2>
      <form role="search" className="flex gap-2" onSubmit={search}>
        <Input type="search" aria-label="Search songs to add" placeholder="Search songs to add" value={query} onChange={(event) => setQuery(event.target.value)} />
        <Button type="submit" variant="secondary">Search</Button>
      </form>
      {songs && songs.length === 0 ? <p className="text-muted-foreground">No songs found</p> : null}
      <ul className="flex flex-col gap-1">
        {songs?.map((song) => (
          <li key={song.id} className="flex min-h-14 items-center gap-3 rounded-md px-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{song.title}</p>
              <p className="truncate text-sm text-muted-foreground">{song.artist}</p>
            </div>
            <Button variant="outline" aria-label={`Add ${song.title}`} disabled={added.has(song.id)} onClick={() => add(song)}>
              {added.has(song.id) ? 'Added' : 'Add'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
