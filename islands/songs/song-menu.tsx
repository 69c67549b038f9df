import type { ReactNode } from 'react';
import type { SongDto } from '../../src/shared/types.ts';
import { shareLinks, useCopyLink } from '../lib/copy-link.ts';
import { FavouriteMenuItem } from '../listening/favourite-menu-item.tsx';
import { SongOfflineItem } from '../offline/offline-menu-items.tsx';
import { preloadAddToPlaylist } from '../playlists/add-to-playlist-slot.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, OptionsTrigger } from '../ui/dropdown-menu.tsx';
import { iconListPlus, iconShare2 } from '../../src/shared/lucide-icons.ts';

/**
 * A song's options menu: Add to Playlist and Share, then the favourite toggle
 * and keeping it offline. The trigger shows a check for the 2 s after a copy, since the menu closes on the choice.
 */
export function SongMenu({ song, onAddToPlaylist, children }: { song: SongDto; onAddToPlaylist: () => void; children?: ReactNode }) {
  const { copied, copy } = useCopyLink();
  return (
    <DropdownMenu onOpenChange={(open) => open && void preloadAddToPlaylist()}>
      <OptionsTrigger label={`Options for ${song.title}`} copied={copied} className="text-muted-foreground" />
      <DropdownMenuContent>
        <DropdownMenuItem icon={iconListPlus} onSelect={onAddToPlaylist}>
          Add to Playlist
        </DropdownMenuItem>
        <DropdownMenuItem icon={iconShare2} onSelect={() => void copy(shareLinks.song(song.shareId), 'Share link copied to clipboard')}>
          Share
        </DropdownMenuItem>
        <FavouriteMenuItem song={song} />
        <SongOfflineItem song={song} />
        {/* A list's own items (a playlist's Remove from Playlist). */}
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
