import { useId, useState } from 'react';
import type { AlbumDto, SongDto, SongPatch } from '../../../src/shared/types.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Field, Input, Label, NativeSelect } from '../../ui/input.tsx';
import { TagInput } from './tag-input.tsx';

interface SongEditFormProps {
  song: SongDto;
  albums: AlbumDto[];
  onSave: (patch: SongPatch) => Promise<boolean>;
}

/**
 * Title, artist, album (or none), tags, genre, year and explicit, saved together with Save Changes.
 * Several genres are written "Rock; Jazz"; the server splits them as it splits the files' genre tags.
 */
export function SongEditForm({ song, albums, onSave }: SongEditFormProps) {
  const id = useId();
  const [title, setTitle] = useState(song.title);
  const [artist, setArtist] = useState(song.artist ?? '');
  const [albumId, setAlbumId] = useState(song.albumId === null ? '' : String(song.albumId));
  const [tags, setTags] = useState<readonly string[]>(song.tags);
  const initialGenre = song.genres.join('; ');
  const initialYear = song.year === null ? '' : String(song.year);
  const [genre, setGenre] = useState(initialGenre);
  const [year, setYear] = useState(initialYear);
  const [explicit, setExplicit] = useState(song.explicit);
  const [saving, setSaving] = useState(false);
  return (
    <form
      aria-label="Edit song"
      className="grid gap-4 sm:grid-cols-2 sm:items-start"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!title.trim()) return;
        setSaving(true);
        // Genre and year go only when changed: the server re-splits genres, and most edits are elsewhere.
        const genres = genre !== initialGenre ? { genres: genre.trim() ? [genre] : [] } : {};
        const years = year !== initialYear ? { year: year.trim() ? Number(year) : null } : {};
        await onSave({ title, artist: artist.trim() ? artist : null, albumId: albumId ? Number(albumId) : null, tags: [...tags], explicit, ...genres, ...years });
        setSaving(false);
      }}
    >
      <Field label="Title" htmlFor={`${id}-title`}>
        <Input id={`${id}-title`} value={title} required onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Field label="Artist" htmlFor={`${id}-artist`}>
        <Input id={`${id}-artist`} value={artist} onChange={(event) => setArtist(event.target.value)} />
      </Field>
      <Field label="Album" htmlFor={`${id}-album`}>
        <NativeSelect id={`${id}-album`} value={albumId} onChange={(event) => setAlbumId(event.target.value)}>
          <option value="">None</option>
          {albums.map((album) => (
            <option key={album.id} value={String(album.id)}>
              {album.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Tags" htmlFor={`${id}-tags`}>
        <TagInput id={`${id}-tags`} tags={tags} onChange={setTags} />
      </Field>
      <Field label="Genre" htmlFor={`${id}-genre`}>
        <Input id={`${id}-genre`} value={genre} placeholder="Rock; Jazz" onChange={(event) => setGenre(event.target.value)} />
      </Field>
      <Field label="Year" htmlFor={`${id}-year`}>
        <Input id={`${id}-year`} value={year} inputMode="numeric" pattern="[0-9]{4}" maxLength={4} onChange={(event) => setYear(event.target.value)} />
      </Field>
      <div className="flex min-h-11 items-center gap-3 sm:col-span-2">
        <Checkbox id={`${id}-explicit`} checked={explicit} onChange={setExplicit} />
        <Label htmlFor={`${id}-explicit`}>Explicit (hidden from members set to Clean)</Label>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" busy={saving} disabled={!title.trim()}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
