import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Input, Label } from '../../ui/input.tsx';
import { useAlbumWrites } from './album-writes.ts';
import { iconPlus } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../ui/icon.tsx';

/** Create Album: a blank name (after trimming) disables the button and Enter does nothing. */
export function CreateAlbumForm() {
  const { create } = useAlbumWrites();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || busy) return;
    setBusy(true);
    if (await create(trimmed)) setName('');
    setBusy(false);
  };

  return (
    <Card className="grid grid-cols-1 max-sm:p-4 gap-4">
      <CardTitle>Create Album</CardTitle>
      <form onSubmit={(event) => void submit(event)} className="grid gap-2">
        <Label htmlFor="new-album-name">Name</Label>
        <div className="flex gap-2">
          <Input id="new-album-name" placeholder="Album name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          <Button type="submit" className="shrink-0" disabled={!trimmed} busy={busy}>
            <Icon svg={iconPlus} className="text-base" />
            Create Album
          </Button>
        </div>
      </form>
    </Card>
  );
}
