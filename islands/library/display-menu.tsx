import type { DisplayPreference } from '../../src/shared/types.ts';
import { DISPLAY_OPTIONS, isDisplayPreference, useSetDisplayPreference } from '../account/display-preference.ts';
import { Button } from '../ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import { iconSlidersHorizontal } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** The library header's menu: choose the subtitle under each song (also on /account). */
export function DisplayMenu({ value }: { value: DisplayPreference }) {
  const save = useSetDisplayPreference();
  return (
    <DropdownMenu>
      <Tooltip content="Display options">
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Display options">
            <Icon svg={iconSlidersHorizontal} className="text-xl" />
          </Button>
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent>
        <DropdownMenuLabel>Show under each title</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={value} onValueChange={(next) => isDisplayPreference(next) && next !== value && save(next)}>
          {DISPLAY_OPTIONS.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
