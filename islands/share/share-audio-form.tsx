'use client';
import { type FormEvent, useState } from 'react';
import { SHARE_EXPIRY_OPTIONS, type ShareExpiry } from '../../src/shared/share-expiry.ts';
import { shareApi } from '../lib/api/shares.ts';
import { Button } from '../ui/button.tsx';
import { Field, Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { toast } from '../ui/toast-store.ts';
import { Dropzone } from './dropzone.tsx';
import { ShareCreated } from './share-created.tsx';


const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '');

/** `/share`: one audio file in, a public link out (docs/product.md, Share Audio). */
export interface ShareAudioFormProps {
  signedIn: boolean;
  isAdmin: boolean;
  /** Admins: the Link Expiration preselected (Settings' default); guests' shares never expire. */
  defaultExpiry?: ShareExpiry;
  /** Guests: whether the save dialog may lead to Create Account (else it says an admin creates accounts). */
  registrationOpen?: boolean;
}

export function ShareAudioForm({ signedIn, isAdmin, defaultExpiry = 'never', registrationOpen = false }: ShareAudioFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [sharedBy, setSharedBy] = useState('');
  const [expiresIn, setExpiresIn] = useState<ShareExpiry>(defaultExpiry);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen) setTitle(titleFromFileName(chosen.name));
  };

  const reset = () => {
    setFile(null);
    setTitle('');
    setSharedBy('');
    setExpiresIn(defaultExpiry);
    setLink(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !title.trim()) {
      toast({ title: 'Missing Information', description: 'Please upload a file and enter a title', variant: 'destructive' });
      return;
    }
    const form = new FormData();
    form.set('file', file);
    form.set('title', title.trim());
    form.set('sharedBy', sharedBy.trim());
    form.set('expiresIn', expiresIn);
    setBusy(true);
    try {
      const share = await shareApi.create(form);
      setLink(`${window.location.origin}/share/${share.shareId}`);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Failed to create share link. Please try again.';
      toast({ title: 'Upload Failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  if (link) return <ShareCreated link={link} signedIn={signedIn} registrationOpen={registrationOpen} onReset={reset} />;
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Dropzone file={file} onChoose={choose} />
      <Field label="Title" htmlFor="share-title">
        <Input id="share-title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label="Shared By" htmlFor="share-shared-by">
        <Input id="share-shared-by" name="sharedBy" placeholder="Optional" value={sharedBy} onChange={(e) => setSharedBy(e.target.value)} />
      </Field>
      {isAdmin ? (
        <Field label="Link Expiration" htmlFor="share-expires-in">
          <Select id="share-expires-in" name="expiresIn" value={expiresIn} onChange={setExpiresIn} options={SHARE_EXPIRY_OPTIONS} />
        </Field>
      ) : null}
      <Button type="submit" className="mt-2 w-full" busy={busy} disabled={!file || !title.trim()}>
        {busy ? 'Creating Share Link...' : 'Create Share Link'}
      </Button>
    </form>
  );
}
