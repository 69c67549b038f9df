import type { SongDto } from '../../src/shared/types.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { DropdownMenuItem } from '../ui/dropdown-menu.tsx';
import { useIsFavourite, useToggleFavourite } from './favourites.ts';
import { iconHeart, iconHeartOff } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** The song menu's favourite toggle: mounted only while the menu is open, so lists fetch nothing. */
export function FavouriteMenuItem({ song }: { song: SongDto }) {
  const favourite = useIsFavourite(song.id);
  const toggle = useToggleFavourite();
  return (
    <DropdownMenuItem icon={favourite ? iconHeartOff : iconHeart} disabled={favourite === undefined} onSelect={() => toggle(song, !favourite)}>
      {favourite ? 'Remove from Favourites' : 'Add to Favourites'}
    </DropdownMenuItem>
  );
}

/** The full player's heart: pressed (in the accent colour) while the playing song is a favourite. */
export function FavouriteButton({ song }: { song: Pick<SongDto, 'id' | 'title'> }) {
  const favourite = useIsFavourite(song.id);
  const toggle = useToggleFavourite();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Favourite"
      aria-pressed={favourite === true}
      disabled={favourite === undefined}
      className={cn(favourite && 'text-accent-text')}
      onClick={() => toggle(song, !favourite)}
    >
      <Icon svg={iconHeart} className="text-xl" />
    </Button>
  );
}
