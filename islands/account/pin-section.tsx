import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { userApi, userKeys } from '../lib/api/user.ts';
import { Button } from '../ui/button.tsx';
import { Field, Input } from '../ui/input.tsx';
import { toast } from '../ui/toast-store.ts';

const PIN = /^\d{4,6}$/;

/**
 * Account: the profile PIN a shared device asks before switching to this member. Setting,
 * changing or removing it needs the password, so whoever holds the screen cannot change it.
 */
export function PinSection({ username, isAdmin }: { username: string; isAdmin: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: userKeys.pin, queryFn: userApi.pinState });
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [tried, setTried] = useState<'set' | 'remove' | null>(null);
  const passwordProblem = tried && !password ? 'Enter your password' : undefined;
  const pinProblem = tried === 'set' && !PIN.test(pin) ? 'A PIN is 4 to 6 digits' : undefined;
  const change = useMutation({
    mutationFn: (next: string | null) => userApi.changePin({ password, pin: next }),
    onSuccess: (answer) => {
      queryClient.setQueryData(userKeys.pin, answer);
      setPassword('');
      setPin('');
      setTried(null);
      toast({ title: answer.set ? 'PIN saved' : 'PIN removed' });
    },
    onError: (failure) => toast({ title: 'Failed to save PIN', description: failure.message || 'Please try again.', variant: 'destructive' }),
  });
  const submit = (action: 'set' | 'remove') => (event?: FormEvent) => {
    event?.preventDefault();
    setTried(action);
    if (!password || (action === 'set' && !PIN.test(pin))) return;
    change.mutate(action === 'set' ? pin : null);
  };
  const hasPin = state.data?.set === true;
  const status = hasPin
    ? 'Your profile has a PIN.'
    : isAdmin
      ? 'No PIN yet: a shared device asks for your password instead.'
      : 'No PIN yet: anyone using a shared device can switch to your profile.';
  return (
    <section aria-labelledby={`${id}-heading`} className="grid min-w-0 gap-4">
      <div className="grid gap-1.5">
        <h2 id={`${id}-heading`} className="text-base font-semibold">Profile PIN</h2>
        <p className="text-sm text-muted-foreground">On a device the family shares, switching to your profile asks for this PIN. Children's profiles need none.</p>
        {state.data ? <p data-testid="pin-status" className="text-sm font-medium">{status}</p> : null}
      </div>
      <form onSubmit={submit('set')} noValidate aria-label="Profile PIN" className="grid max-w-md gap-4">
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field label="Password" htmlFor={`${id}-password`} error={passwordProblem}>
          <Input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} aria-invalid={passwordProblem ? true : undefined} aria-describedby={passwordProblem ? `${id}-password-error` : undefined} />
        </Field>
        <Field label={hasPin ? 'New PIN' : 'PIN'} htmlFor={`${id}-pin`} error={pinProblem}>
          <Input
            id={`${id}-pin`}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={pin}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-invalid={pinProblem ? true : undefined}
            aria-describedby={pinProblem ? `${id}-pin-error` : undefined}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={change.isPending && change.variables !== null}>
            {hasPin ? 'Change PIN' : 'Set PIN'}
          </Button>
          {hasPin ? (
            <Button variant="outline" busy={change.isPending && change.variables === null} onClick={() => submit('remove')()}>
              Remove PIN
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
