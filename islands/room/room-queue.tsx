'use client';
import type { RoomStateDto } from '../../src/shared/schemas/room.ts';
import { messageOf } from '../lib/api/request.ts';
import { roomsApi } from '../lib/api/rooms.ts';
import { Button } from '../ui/button.tsx';
import { toast } from '../ui/toast-store.ts';
import { iconArrowUp, iconAudioLines, iconPause, iconX } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

export const failed = (error: unknown) => toast({ title: messageOf(error, 'Something went wrong. Please try again.'), variant: 'destructive' });

/** What is playing and what comes next, each with who added it; the host moves and removes. */
export function RoomQueue({ room, isHost }: { room: RoomStateDto; isHost: boolean }) {
  const playing = room.nowPlaying;
  const moveUp = (at: number) => {
    const ids = room.queue.map((entry) => entry.entryId);
    [ids[at - 1], ids[at]] = [ids[at]!, ids[at - 1]!];
    roomsApi.reorder(room.code, { entryIds: ids }).catch(failed);
  };
  return (
    <>
      <section aria-labelledby="room-now" className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4">
        <h2 id="room-now" className="text-sm font-medium text-muted-foreground">Now playing</h2>
        {playing ? (
          // On a phone the vote button wraps under the song rather than squeezing its title.
          <div className="flex flex-wrap items-center gap-3">
            <Icon svg={playing.paused ? iconPause : iconAudioLines} className="text-2xl text-accent-text" />
            <div className="min-w-0 flex-1 basis-40">
              <p className="truncate font-medium">{playing.title}</p>
              <p className="truncate text-sm text-muted-foreground">added by {playing.addedBy}</p>
            </div>
            {room.skipVotesAllowed && !isHost ? (
              <Button variant="outline" onClick={() => roomsApi.voteToSkip(room.code).catch(failed)}>
                Vote to skip ({room.skipVotes}/{room.skipVotesNeeded})
              </Button>
            ) : null}
          </div>
        ) : (
          <p className="text-muted-foreground">Nothing is playing</p>
        )}
      </section>
      <section aria-labelledby="room-next" className="flex flex-col gap-2">
        <h2 id="room-next" className="text-lg font-bold">Up next</h2>
        {room.queue.length === 0 ? <p className="text-muted-foreground">The queue is empty. Add a song!</p> : null}
        <ol className="flex flex-col gap-1" data-room-queue="">
          {room.queue.map((entry, at) => (
            <li key={entry.entryId} className="flex min-h-14 items-center gap-3 rounded-md px-2">
              <span className="w-6 text-right text-sm tabular-nums text-muted-foreground">{at + 1}</span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{entry.title}</p>
                <p className="truncate text-sm text-muted-foreground">added by {entry.addedBy}</p>
              </div>
              {isHost ? (
                <>
                  <Button variant="ghost" size="icon" aria-label={`Move ${entry.title} up`} disabled={at === 0} onClick={() => moveUp(at)}>
                    <Icon svg={iconArrowUp} />
                  </Button>
                  <Button variant="ghost" size="icon" aria-label={`Remove ${entry.title}`} onClick={() => roomsApi.remove(room.code, entry.entryId).catch(failed)}>
                    <Icon svg={iconX} />
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
