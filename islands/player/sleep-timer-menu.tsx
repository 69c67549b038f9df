import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '../ui/dropdown-menu.tsx';
import { useSleepTimer } from './player-store.ts';
import { SLEEP_MINUTES, type SleepChoice, sleepLeftText } from './sleep-timer.ts';
import { iconMoon } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** The texts of docs/product.md (Players). */
export const SLEEP_TEXT = { title: 'Sleep timer', off: 'Off', endOfTrack: 'End of track', minutes: (m: number) => `${m} minutes` };

const toValue = (choice: SleepChoice) => (choice === null ? 'off' : String(choice));
const fromValue = (value: string): SleepChoice => (value === 'off' ? null : value === 'track' ? 'track' : Number(value));

/** The full player's 'Sleep timer' button and menu: off, minutes, or the end of this track. */
export function SleepTimerMenu() {
  const choice = useSleepTimer((s) => s.choice);
  const set = useSleepTimer((s) => s.set);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={SLEEP_TEXT.title} aria-pressed={choice !== null} className={cn(choice !== null && 'text-accent-text')}>
          <Icon svg={iconMoon} className="text-xl" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{SLEEP_TEXT.title}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={toValue(choice)} onValueChange={(value) => set(fromValue(value))}>
          <DropdownMenuRadioItem value="off">{SLEEP_TEXT.off}</DropdownMenuRadioItem>
          {SLEEP_MINUTES.map((m) => (
            <DropdownMenuRadioItem key={m} value={String(m)}>
              {SLEEP_TEXT.minutes(m)}
            </DropdownMenuRadioItem>
          ))}
          <DropdownMenuRadioItem value="track">{SLEEP_TEXT.endOfTrack}</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Under the controls while a timer runs: '{m}:{ss} left', or 'End of track'. */
export function SleepTimerLeft() {
  const { choice, secondsLeft } = useSleepTimer();
  if (choice === null) return null;
  return (
    <p data-testid="sleep-timer-left" className="flex items-center justify-center gap-1.5 text-sm tabular-nums text-muted-foreground">
      <Icon svg={iconMoon} className="text-base" />
      <span className="sr-only">{SLEEP_TEXT.title}: </span>
      {choice === 'track' ? SLEEP_TEXT.endOfTrack : sleepLeftText(secondsLeft)}
    </p>
  );
}
