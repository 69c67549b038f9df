'use client';
import { type FormEvent, useState } from 'react';
import type { TempShareDto } from '../../src/shared/types.ts';
import { apiRequest } from '../lib/api.ts';
import { toast } from '../toast/toast-store.ts';
import { Dropzone } from './dropzone.tsx';
import { ShareCreated } from './share-created.tsx';

const EXPIRY_OPTIONS = [
  ['never', 'Never'],
  ['1day', '1 Day'],
  ['3days', '3 Days'],
  ['1week', '1 Week'],
  ['30days', '30 Days'],
] as const;

const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '');

/** `/share`: one audio file in, a public link out (spec §2 Share Audio, §5, §8). */
export function ShareAudioForm({ signedIn, isAdmin }: { signedIn: boolean; isAdmin: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [sharedBy, setSharedBy] = useState('');
  const [expiresIn, setExpiresIn] = useState('never');
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
    setExpiresIn('never');
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
      const share = await apiRequest<TempShareDto>('/api/temp-share', { method: 'POST', body: form });
      setLink(`${window.location.origin}/share/${share.shareId}`);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Failed to create share link. Please try again.';
      toast({ title: 'Upload Failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  if (link) return <ShareCreated link={link} signedIn={signedIn} onReset={reset} />;
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Dropzone file={file} onChoose={choose} />
      <label className="grid gap-1.5 text-sm font-medium">
        Title
        <input name="title" className="input" value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        Shared By
        <input name="sharedBy" className="input" placeholder="Optional" value={sharedBy} onChange={(e) => setSharedBy(e.target.value)} />
      </label>
      {isAdmin ? (
        <label className="grid gap-1.5 text-sm font-medium">
          Link Expiration
          <select name="expiresIn" className="input" value={expiresIn} onChange={(e) => setExpiresIn(e.target.value)}>
            {EXPIRY_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={busy || !file || !title.trim()}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {busy ? 'Creating Share Link...' : 'Create Share Link'}
      </button>
    </form>
  );
}
