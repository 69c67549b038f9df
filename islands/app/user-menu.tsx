import type { UserDto } from '../../src/shared/types.ts';
import { Button } from '../ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu.tsx';
import { useRouter } from './router.ts';
import { openProfilePicker } from '../profiles/profile-picker-slot.tsx';
import { logOut } from './session.ts';
import { iconCircleUserRound, iconLogOut, iconSettings, iconUserRoundCog, iconUsersRound } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** Small screens: who is signed in, their Account page, Switch profile and Log out (small screens have no sidebar). */
export function UserMenu({ user }: { user: UserDto }) {
  const { navigate } = useRouter();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="User menu" className="md:hidden">
          <Icon svg={iconCircleUserRound} className="text-xl" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Signed in as {user.username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={iconUserRoundCog} onSelect={() => navigate('/account')}>
          Account
        </DropdownMenuItem>
        {user.isAdmin ? (
          <DropdownMenuItem icon={iconSettings} onSelect={() => navigate('/admin')}>
            Settings
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem icon={iconUsersRound} onSelect={openProfilePicker}>
          Switch profile
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={iconLogOut} onSelect={() => void logOut()}>
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
