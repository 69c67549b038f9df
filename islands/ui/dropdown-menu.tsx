import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { iconCheck, iconEllipsisVertical, iconShare2 } from '../../src/shared/lucide-icons.ts';
import { Icon } from './icon.tsx';

export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

/**
 * The ⋮ button that opens an options menu. Menus close on a choice, so after one copied a link
 * the trigger itself shows the copied state (a check, 'Copied!') for its 2 s.
 */
export function OptionsTrigger({ label, copied = false, className }: { label: string; copied?: boolean; className?: string }) {
  return (
    <MenuPrimitive.Trigger asChild>
      <Button variant="ghost" size="icon" aria-label={copied ? 'Copied!' : label} className={cn('shrink-0', className)}>
        <Icon svg={copied ? iconCheck : iconEllipsisVertical} className={cn('text-xl', copied && 'text-accent-text')} />
      </Button>
    </MenuPrimitive.Trigger>
  );
}

const PANEL = 'ui-pop z-50 min-w-[12rem] overflow-hidden rounded-md border border-border bg-surface p-1 text-foreground shadow-lg';
const ITEM =
  'relative flex min-h-10 cursor-default select-none items-center gap-2.5 rounded-sm px-2.5 text-sm outline-none data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

/** The menu panel; arrows move between items, typing jumps, Escape closes and refocuses the trigger. */
export function DropdownMenuContent({ children, align = 'end', className }: { children: ReactNode; align?: 'start' | 'center' | 'end'; className?: string }) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content align={align} sideOffset={4} collisionPadding={8} className={cn(PANEL, className)}>
        {children}
      </MenuPrimitive.Content>
    </MenuPrimitive.Portal>
  );
}

export interface DropdownMenuItemProps {
  children: ReactNode;
  /** A Lucide icon, e.g. `iconShare2`. */
  icon?: string;
  onSelect?: (event: Event) => void;
  destructive?: boolean;
  disabled?: boolean;
  asChild?: boolean;
}

export function DropdownMenuItem({ children, icon, onSelect, destructive = false, disabled, asChild }: DropdownMenuItemProps) {
  return (
    <MenuPrimitive.Item onSelect={onSelect} disabled={disabled} asChild={asChild} className={cn(ITEM, destructive && 'text-destructive-text')}>
      {asChild ? children : (
        <>
          {icon ? <Icon svg={icon} className={cn('text-base text-muted-foreground', destructive && 'text-destructive-text')} /> : null}
          {children}
        </>
      )}
    </MenuPrimitive.Item>
  );
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <MenuPrimitive.Label className="px-2.5 py-1.5 text-xs font-medium text-muted-foreground">{children}</MenuPrimitive.Label>;
}

export function DropdownMenuSeparator() {
  return <MenuPrimitive.Separator className="-mx-1 my-1 h-px bg-border" />;
}

export const DropdownMenuRadioGroup = MenuPrimitive.RadioGroup;

export function DropdownMenuRadioItem({ value, children }: { value: string; children: ReactNode }) {
  return (
    <MenuPrimitive.RadioItem value={value} className={cn(ITEM, 'pl-8')}>
      <MenuPrimitive.ItemIndicator className="absolute left-2.5 inline-flex">
        <Icon svg={iconCheck} className="text-base text-accent-text" />
      </MenuPrimitive.ItemIndicator>
      {children}
    </MenuPrimitive.RadioItem>
  );
}
