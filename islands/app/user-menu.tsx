import type { UserDto } from '../../src/shared/types.ts';
import { Button } from '../ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu.tsx';
import { useRouter } from './router.ts';
import { openProfilePicker } from '../profiles/profile-picker-slot.tsx';
import { logOut } from './session.ts';

/** Small screens: who is signed in, their Account page, Switch profile and Log out (small screens have no sidebar). */
export function UserMenu({ user }: { user: UserDto }) {
  const { navigate } = useRouter();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="User menu" className="md:hidden">
          <span aria-hidden="true" className="i-lucide-circle-user-round text-xl" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Signed in as {user.username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon="i-lucide-user-round-cog" onSelect={() => navigate('/account')}>
          Account
        </DropdownMenuItem>
        {user.isAdmin ? (
          <DropdownMenuItem icon="i-lucide-settings" onSelect={() => navigate('/admin')}>
            Settings
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem icon="i-lucide-users-round" onSelect={openProfilePicker}>
          Switch profile
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon="i-lucide-log-out" onSelect={() => void logOut()}>
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
