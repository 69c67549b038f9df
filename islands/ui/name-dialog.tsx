import { type FormEvent, useId, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogContent, DialogFooter } from './dialog.tsx';
import { Field, Input } from './input.tsx';

export interface NameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  placeholder?: string;
  /** The name the field starts with each time the dialog opens. */
  initialName?: string;
  submitLabel: string;
  busyLabel: string;
  /** Runs with the trimmed name; resolves true when done (the dialog closes), false to stay open. */
  onSubmit: (name: string) => Promise<boolean>;
}

/** A one-field name form in a dialog (create and rename a playlist, rename an album). */
export function NameDialog(props: NameDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent title={props.title} description={props.description}>
        {/* Mounted per opening, so each opening starts from the initial name. */}
        {props.open ? <NameForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NameForm({ onOpenChange, placeholder, initialName = '', submitLabel, busyLabel, onSubmit }: NameDialogProps) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  const blank = name.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A blank trimmed name disables the action, and Enter does nothing either.
    if (blank || busy) return;
    setBusy(true);
    let done = false;
    try {
      done = await onSubmit(name.trim());
    } finally {
      setBusy(false);
    }
    if (done) onOpenChange(false);
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <Field label="Name" htmlFor={id}>
        <Input id={id} name="name" autoFocus autoComplete="off" placeholder={placeholder} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} disabled={blank}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
