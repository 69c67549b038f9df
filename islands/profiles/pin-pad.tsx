import { type FormEvent, useId, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { iconArrowLeft, iconDelete } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const PAD_KEY = 'h-14 text-xl font-semibold tabular-nums';

interface PinPadProps {
  name: string;
  busy: boolean;
  /** The server's answer to the last try (a wrong PIN, a wait), shown under the field. */
  error: string | null;
  onSubmit(pin: string): void;
  onBack(): void;
}

/** A grown-up's PIN: 4 to 6 digits, typed or tapped; OK sends it. */
export function PinPad({ name, busy, error, onSubmit, onBack }: PinPadProps) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [shownError, setShownError] = useState(error);
  // A new answer from the server empties the field for the next try.
  if (error !== shownError) {
    setShownError(error);
    if (error) setPin('');
  }
  const type = (next: string) => setPin(next.replace(/\D/g, '').slice(0, 6));
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (pin.length >= 4 && !busy) onSubmit(pin);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Enter ${name}'s PIN`} className="grid justify-items-center gap-4">
      <p className="text-base font-semibold">Enter {name}'s PIN</p>
      <Input
        aria-label="PIN"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        maxLength={6}
        value={pin}
        onChange={(event) => type(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="max-w-64 text-center text-2xl tracking-[0.4em] md:text-2xl"
      />
      <p id={`${id}-error`} role="alert" className="min-h-5 text-center text-sm text-destructive-text">{error ?? ''}</p>
      <div className="grid w-full max-w-64 grid-cols-3 gap-2">
        {DIGITS.map((digit) => (
          <Button key={digit} variant="outline" className={PAD_KEY} onClick={() => type(pin + digit)}>
            {digit}
          </Button>
        ))}
        <Button variant="ghost" className={PAD_KEY} aria-label="Delete last digit" onClick={() => setPin(pin.slice(0, -1))}>
          <Icon svg={iconDelete} className="text-xl" />
        </Button>
        <Button variant="outline" className={PAD_KEY} onClick={() => type(`${pin}0`)}>
          0
        </Button>
        <Button type="submit" className={PAD_KEY} busy={busy} disabled={pin.length < 4}>
          OK
        </Button>
      </div>
      <Button variant="ghost" size="sm" onClick={onBack}>
        <Icon svg={iconArrowLeft} className="text-base" />
        Back to profiles
      </Button>
    </form>
  );
}
