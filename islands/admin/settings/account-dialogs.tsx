import type { AccountDto, NewAccount } from '../../../src/shared/types.ts';
import { type FormEvent, useState } from 'react';
import { MESSAGES, PASSWORD_MIN, USERNAME_MIN } from '../../../src/shared/validation.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog, DialogContent, DialogFooter } from '../../ui/dialog.tsx';
import { Field, Input, Label } from '../../ui/input.tsx';

/** Minimums, shown under the fields once a submit was tried. */
const usernameProblem = (username: string) => (username.trim().length < USERNAME_MIN ? MESSAGES.usernameTooShort : undefined);
const passwordProblem = (password: string) => (password.length < PASSWORD_MIN ? MESSAGES.passwordTooShort : undefined);

interface DialogProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** Resolves when the server accepted (the dialog closes), rejects when it refused (it stays). */
  onSubmit: (value: T) => Promise<unknown>;
}

export function AddAccountDialog({ open, onOpenChange, busy, onSubmit }: DialogProps<NewAccount>) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [tried, setTried] = useState(false);
  const problems = tried ? { username: usernameProblem(username), password: passwordProblem(password) } : {};

  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    setUsername('');
    setPassword('');
    setIsAdmin(false);
    setTried(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (usernameProblem(username) || passwordProblem(password)) return;
    await onSubmit({ username: username.trim(), password, isAdmin }).then(() => close(false), () => {});
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Add Account" description="A new family member signs in with this username and password.">
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="Username" htmlFor="new-account-username" error={problems.username}>
            <Input id="new-account-username" autoComplete="off" autoCapitalize="none" value={username} onChange={(e) => setUsername(e.target.value)} aria-invalid={problems.username ? true : undefined} />
          </Field>
          <Field label="Password" htmlFor="new-account-password" error={problems.password}>
            <Input id="new-account-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={problems.password ? true : undefined} />
          </Field>
          <div className="flex min-h-11 items-center gap-3">
            <Checkbox id="new-account-admin" checked={isAdmin} onChange={setIsAdmin} />
            <Label htmlFor="new-account-admin">Admin (can manage music, albums and settings)</Label>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Create Account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function ResetPasswordDialog({ account, onOpenChange, busy, onSubmit }: Omit<DialogProps<string>, 'open'> & { account: AccountDto | null }) {
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const problem = tried ? passwordProblem(password) : undefined;
  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    setPassword('');
    setTried(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (passwordProblem(password)) return;
    await onSubmit(password).then(() => close(false), () => {});
  };

  return (
    <Dialog open={account !== null} onOpenChange={close}>
      <DialogContent title="Reset Password" description={`A new password for "${account?.username ?? ''}". They will be signed out on every device, and their app passwords for phone apps will stop working.`}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="New Password" htmlFor="reset-password" error={problem}>
            <Input id="reset-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={problem ? true : undefined} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Reset Password
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
