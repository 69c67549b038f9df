import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AppPasswordDto, NewAppPasswordDto } from '../../src/shared/types.ts';
import { appPasswordApi, appPasswordKeys, useAppPasswords } from '../lib/api/app-passwords.ts';
import { copyText, useCopiedState } from '../lib/copy-link.ts';
import { AlertDialog, AlertDialogContent } from '../ui/alert-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { Field, Input } from '../ui/input.tsx';
import { toast } from '../ui/toast-store.ts';
import { iconCheck, iconCopy, iconSmartphone } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

const KEY = appPasswordKeys.list;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const day = (iso: string) => dateFormat.format(new Date(iso));

/**
 * /account: passwords for phone apps speaking Subsonic, so the web password never goes into one.
 * A new password is shown once (copyable) and never again; revoking one cuts its app off at once.
 */
export function AppPasswordsSection({ username }: { username: string }) {
  const list = useAppPasswords();
  const [created, setCreated] = useState<NewAppPasswordDto | null>(null);
  // Read after hydration: the server's render has no window, and the two must match.
  const [server, setServer] = useState('');
  useEffect(() => setServer(window.location.origin), []);
  return (
    // min-w-0 down the grid: a long name truncates instead of widening the card on a phone.
    <section aria-labelledby="app-passwords-heading" className="grid min-w-0 gap-4">
      <div className="grid gap-1.5">
        <h2 id="app-passwords-heading" className="text-base font-semibold">App passwords</h2>
        <p className="text-sm text-muted-foreground">
          Phone apps that speak Subsonic (Symfonium, DSub, Substreamer, Amperfy, play:Sub, Tempo…) sign in with an app password,
          never your Hearth password. In the app, use the server <span className="font-medium text-foreground">{server}</span> and
          the username <span className="font-medium text-foreground">{username}</span>.
        </p>
      </div>
      {created ? <NewPassword created={created} onDone={() => setCreated(null)} /> : <CreateForm onCreated={setCreated} />}
      {list.isError ? <p className="text-sm text-destructive-text">Could not load your app passwords: {list.error.message}</p> : null}
      {list.data && list.data.length === 0 ? <p className="text-sm text-muted-foreground">No app passwords yet.</p> : null}
      {list.data && list.data.length > 0 ? (
        <ul aria-label="Your app passwords" className="grid min-w-0 divide-y divide-border rounded-md border border-border">
          {list.data.map((row) => (
            <AppPasswordRow key={row.id} row={row} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: NewAppPasswordDto) => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (value: string) => appPasswordApi.create(value),
    onSuccess: (created) => {
      setName('');
      setError(undefined);
      onCreated(created);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (failure) => setError(failure.message || 'Failed to create app password'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Give the app password a name, like the phone it is for');
    create.mutate(name);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <Field label="New app password for" htmlFor={id} error={error}>
        <Input
          id={id}
          value={name}
          maxLength={64}
          placeholder="e.g. Anna's phone"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Button type="submit" busy={create.isPending}>
        Create
      </Button>
    </form>
  );
}

/** The secret, this once: copy it into the app now. */
function NewPassword({ created, onDone }: { created: NewAppPasswordDto; onDone: () => void }) {
  const [copied, setCopied] = useCopiedState();
  const copy = async () => {
    if (await copyText(created.password)) setCopied(true);
    else toast({ title: 'Copy it by hand', description: 'Select the password and copy it.' });
  };
  return (
    <div role="status" className="grid gap-3 rounded-md border border-accent bg-accent-soft/50 p-4">
      <p className="text-sm">
        Here is the app password for <span className="font-semibold">{created.name}</span>. Copy it into the app now: it will not
        be shown again.
      </p>
      <code data-testid="new-app-password" className="select-all break-all rounded bg-surface px-3 py-2 font-mono text-lg tracking-wide">
        {created.password}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button onClick={copy}>
          <Icon svg={copied ? iconCheck : iconCopy} />
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function AppPasswordRow({ row }: { row: AppPasswordDto }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: () => appPasswordApi.revoke(row.id),
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'App password revoked', description: `"${row.name}" can no longer sign in.` });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (failure) => {
      setOpen(false);
      toast({ title: 'Failed to revoke app password', description: failure.message || 'Please try again.', variant: 'destructive' });
    },
  });
  return (
    <li className="flex min-w-0 items-center gap-3 px-3 py-2.5">
      <Icon svg={iconSmartphone} className="shrink-0 text-xl text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{row.name}</p>
        <p className="text-xs text-muted-foreground">
          Created {day(row.createdAt)} · {row.lastUsedAt ? `Last used ${day(row.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Revoke ${row.name}`}>
          Revoke
        </Button>
        <AlertDialogContent
          title={`Revoke "${row.name}"?`}
          description="Any app signed in with it stops working at once. This cannot be undone."
          confirmLabel="Revoke"
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate()}
        />
      </AlertDialog>
    </li>
  );
}
