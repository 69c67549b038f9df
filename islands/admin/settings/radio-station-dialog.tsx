import { type FormEvent, useEffect, useState } from 'react';
import type { RadioStationDto, RadioStationInput } from '../../../src/shared/types.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../ui/dialog.tsx';
import { Field, Input } from '../../ui/input.tsx';

const WEB_ADDRESS = /^https?:\/\/\S+$/i;
const NAME_NEEDED = 'Enter a name';
const ADDRESS_NEEDED = 'Enter an address starting with http:// or https://';

interface Props {
  /** The station to edit; null to add one. */
  station: RadioStationDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** Resolves when the server accepted (the dialog closes), rejects when it refused (it stays). */
  onSubmit: (station: RadioStationInput) => Promise<unknown>;
}

/** Add or edit a station: a name, the stream's address and, optionally, its home page. */
export function RadioStationDialog({ station, open, onOpenChange, busy, onSubmit }: Props) {
  const [name, setName] = useState('');
  const [streamUrl, setStreamUrl] = useState('');
  const [homepageUrl, setHomepageUrl] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setName(station?.name ?? '');
    setStreamUrl(station?.streamUrl ?? '');
    setHomepageUrl(station?.homepageUrl ?? '');
    setTried(false);
  }, [open, station]);
  const problems = {
    name: name.trim() ? undefined : NAME_NEEDED,
    streamUrl: WEB_ADDRESS.test(streamUrl.trim()) ? undefined : ADDRESS_NEEDED,
    homepageUrl: !homepageUrl.trim() || WEB_ADDRESS.test(homepageUrl.trim()) ? undefined : ADDRESS_NEEDED,
  };
  const shown: Partial<typeof problems> = tried ? problems : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.name || problems.streamUrl || problems.homepageUrl) return;
    const input = { name: name.trim(), streamUrl: streamUrl.trim(), homepageUrl: homepageUrl.trim() || null };
    await onSubmit(input).then(() => onOpenChange(false), () => {});
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={station ? 'Edit Station' : 'Add Station'} description="Phone apps list this station for everyone to play.">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="Name" htmlFor="radio-station-name" error={shown.name}>
            <Input id="radio-station-name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={shown.name ? true : undefined} />
          </Field>
          <Field label="Stream URL" htmlFor="radio-station-stream" error={shown.streamUrl}>
            <Input id="radio-station-stream" type="url" inputMode="url" autoComplete="off" autoCapitalize="none" placeholder="https://" value={streamUrl} onChange={(e) => setStreamUrl(e.target.value)} aria-invalid={shown.streamUrl ? true : undefined} />
          </Field>
          <Field label="Home Page (optional)" htmlFor="radio-station-homepage" error={shown.homepageUrl}>
            <Input id="radio-station-homepage" type="url" inputMode="url" autoComplete="off" autoCapitalize="none" placeholder="https://" value={homepageUrl} onChange={(e) => setHomepageUrl(e.target.value)} aria-invalid={shown.homepageUrl ? true : undefined} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              {station ? 'Save Station' : 'Add Station'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
