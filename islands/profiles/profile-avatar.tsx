import type { ProfileDto } from '../../src/shared/types.ts';
import { cn } from '../ui/cn.ts';

// Deep shades, so white initials read at the avatar's size in both themes; one per member by id.
const COLOURS = ['bg-sky-700', 'bg-emerald-700', 'bg-violet-700', 'bg-rose-700', 'bg-amber-700', 'bg-teal-700'];

/** Up to two initials: the first letters of the name's words ("anna-lena" → "AL"). */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = (words.length > 1 ? words.slice(0, 2).map((word) => [...word][0]) : [...(words[0] ?? name)].slice(0, 1)).join('');
  return letters.toLocaleUpperCase();
}

/** A member's round avatar: their initials on their colour, ringed when it is the active profile. */
export function ProfileAvatar({ profile, className }: { profile: Pick<ProfileDto, 'id' | 'username' | 'current'>; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex h-20 w-20 select-none items-center justify-center rounded-full text-2xl font-semibold text-white shadow-sm',
        COLOURS[profile.id % COLOURS.length],
        profile.current && 'ring-4 ring-accent ring-offset-2 ring-offset-surface',
        className,
      )}
    >
      {initialsOf(profile.username)}
    </span>
  );
}
