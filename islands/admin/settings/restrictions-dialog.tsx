import { type FormEvent, useEffect, useState } from 'react';
import type { AccountDto, Restrictions } from '../../../src/shared/types.ts';
import { useAlbums } from '../../lib/api/albums.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../ui/dialog.tsx';
import { Label } from '../../ui/input.tsx';

interface Props {
  account: AccountDto | null;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** Resolves when the server accepted (the dialog closes), rejects when it refused (it stays). */
  onSubmit: (restrictions: Restrictions) => Promise<unknown>;
}

/** What a member's row says about their restrictions, or null when they have none. */
export function restrictionSummary({ clean, albumIds }: Restrictions): string | null {
  const parts = [clean ? 'Clean' : null, albumIds === null ? null : albumIds.length === 1 ? 'Only 1 album' : `Only ${albumIds.length} albums`];
  const shown = parts.filter((part) => part !== null);
  return shown.length > 0 ? shown.join(' · ') : null;
}

/** Clean, and optionally only some albums: the server applies them on every path at once. */
export function RestrictionsDialog({ account, onOpenChange, busy, onSubmit }: Props) {
  // Read only once the dialog opens: Settings itself never needs the album list.
  const albums = useAlbums({ enabled: account !== null });
  const [clean, setClean] = useState(false);
  const [limited, setLimited] = useState(false);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (!account) return;
    setClean(account.restrictions.clean);
    setLimited(account.restrictions.albumIds !== null);
    setChosen(new Set(account.restrictions.albumIds ?? []));
  }, [account]);
  const toggle = (id: number, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onSubmit({ clean, albumIds: limited ? [...chosen] : null }).then(() => onOpenChange(false), () => {});
  };

  return (
    <Dialog open={account !== null} onOpenChange={onOpenChange}>
      <DialogContent title="Restrictions" description={`What "${account?.username ?? ''}" can see and hear, in the app and in phone apps. Changes apply at once.`}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="flex min-h-11 items-center gap-3">
            <Checkbox id="restrict-clean" checked={clean} onChange={setClean} />
            <Label htmlFor="restrict-clean">Clean (hide explicit songs)</Label>
          </div>
          <div className="flex min-h-11 items-center gap-3">
            <Checkbox id="restrict-albums" checked={limited} onChange={setLimited} />
            <Label htmlFor="restrict-albums">Only these albums</Label>
          </div>
          {limited ? (
            <ul aria-label="Allowed albums" className="max-h-64 overflow-y-auto overflow-x-hidden rounded-md border border-border">
              {albums.data?.length === 0 ? <li className="px-3 py-2 text-sm text-muted-foreground">No albums yet.</li> : null}
              {albums.data?.map((album) => (
                <li key={album.id} className="flex min-h-11 items-center gap-3 px-3">
                  <Checkbox id={`allow-album-${album.id}`} checked={chosen.has(album.id)} onChange={(on) => toggle(album.id, on)} />
                  <Label htmlFor={`allow-album-${album.id}`} className="min-w-0 flex-1 truncate py-1">
                    {album.name}
                  </Label>
                </li>
              ))}
            </ul>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Save Restrictions
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
