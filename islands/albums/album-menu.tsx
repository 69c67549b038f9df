import { useState } from 'react';
import type { AlbumDto } from '../../src/shared/types.ts';
import { shareLinks, useCopyLink } from '../lib/copy-link.ts';
import { albumKeys } from '../lib/api/albums.ts';
import { CollectionOfflineItem } from '../offline/offline-menu-items.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, OptionsTrigger } from '../ui/dropdown-menu.tsx';
import { DeleteAlbumDialog } from './delete-album-dialog.tsx';
import { RenameAlbumDialog } from './rename-album-dialog.tsx';
import { iconPencil, iconShare2, iconTrash2 } from '../../src/shared/lucide-icons.ts';

/**
 * The album page's menu: Share for everyone (the album's public share page, since
 * /album/{id} needs sign-in), Rename and Delete for admins only.
 */
export function AlbumMenu({ album, isAdmin, onDeleted }: { album: AlbumDto; isAdmin: boolean; onDeleted: () => void }) {
  const { copied, copy } = useCopyLink();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const openChange = (which: 'rename' | 'delete') => (open: boolean) => setDialog(open ? which : null);
  return (
    <>
      <DropdownMenu>
        <OptionsTrigger label="Album options" copied={copied} />
        <DropdownMenuContent>
          <DropdownMenuItem icon={iconShare2} onSelect={() => void copy(shareLinks.album(album.shareId))}>
            Share
          </DropdownMenuItem>
          <CollectionOfflineItem songsKey={albumKeys.songs(String(album.id))} />
          {isAdmin ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem icon={iconPencil} onSelect={() => setDialog('rename')}>
                Rename
              </DropdownMenuItem>
              <DropdownMenuItem icon={iconTrash2} destructive onSelect={() => setDialog('delete')}>
                Delete
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {isAdmin ? (
        <>
          <RenameAlbumDialog album={album} open={dialog === 'rename'} onOpenChange={openChange('rename')} />
          <DeleteAlbumDialog album={album} open={dialog === 'delete'} onOpenChange={openChange('delete')} onDeleted={onDeleted} />
        </>
      ) : null}
    </>
  );
}
