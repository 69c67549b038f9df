import { Button, type ButtonProps } from '../ui/button.tsx';
import { AppLink } from './app-link.tsx';
import { iconArrowLeft, iconSearch } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** A header's back control: history back (`to` absent, as on Search) or a fixed address. */
export function BackButton({ to }: { to?: string }) {
  if (to) {
    return (
      <Button variant="ghost" size="icon" asChild>
        <AppLink href={to} aria-label="Back">
          <Icon svg={iconArrowLeft} className="text-xl" />
        </AppLink>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="icon" aria-label="Back" onClick={() => window.history.back()}>
      <Icon svg={iconArrowLeft} className="text-xl" />
    </Button>
  );
}

/** The header's link to /search (Library, Albums, Album, Playlists); props pass through (a Tooltip trigger). */
export function SearchLink(props: ButtonProps) {
  return (
    <Button variant="ghost" size="icon" asChild {...props}>
      <AppLink href="/search" aria-label="Search">
        <Icon svg={iconSearch} className="text-xl" />
      </AppLink>
    </Button>
  );
}
