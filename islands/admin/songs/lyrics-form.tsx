import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { lyricsToText } from '../../../src/shared/lyrics.ts';
import type { LyricsDto } from '../../../src/shared/schemas/lyrics.ts';
import { songApi, songKeys, useSongLyrics } from '../../lib/api/songs.ts';
import { Button } from '../../ui/button.tsx';
import { Field, INPUT_CLASS } from '../../ui/input.tsx';
import { cn } from '../../ui/cn.ts';
import { toast } from '../../ui/toast-store.ts';

/**
 * The song's lyrics as LRC or plain text; the form waits for them so it starts from what is
 * stored. A song without lyrics asks for none (the answer would be a 404).
 */
export function LyricsForm({ songId, hasLyrics }: { songId: number; hasLyrics: boolean }) {
  const { data, isPending } = useSongLyrics(hasLyrics ? songId : null);
  if (!hasLyrics) return <LyricsEditor songId={songId} stored={null} />;
  if (isPending) return null;
  return <LyricsEditor key={data ? lyricsToText(data) : ''} songId={songId} stored={data ?? null} />;
}

function LyricsEditor({ songId, stored }: { songId: number; stored: LyricsDto | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(stored ? lyricsToText(stored) : '');
  const [saving, setSaving] = useState(false);
  return (
    <form
      aria-label="Edit lyrics"
      className="grid gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        try {
          queryClient.setQueryData(songKeys.lyrics(songId), await songApi.setLyrics(songId, text));
          toast({ title: 'Lyrics saved!' });
          // The song lists carry hasLyrics (the player's Lyrics button).
          void queryClient.invalidateQueries({ queryKey: songKeys.library });
        } catch {
          toast({ title: 'Error', description: 'Failed to save lyrics', variant: 'destructive' });
        } finally {
          setSaving(false);
        }
      }}
    >
      <Field label="Lyrics" htmlFor={`${id}-lyrics`}>
        <textarea
          id={`${id}-lyrics`}
          value={text}
          rows={8}
          placeholder="Paste plain text, or LRC with [mm:ss.xx] times"
          onChange={(event) => setText(event.target.value)}
          className={cn(INPUT_CLASS, 'h-auto min-h-32 py-2 font-mono text-sm')}
        />
      </Field>
      <div>
        <Button type="submit" variant="outline" busy={saving}>
          Save Lyrics
        </Button>
      </div>
    </form>
  );
}
