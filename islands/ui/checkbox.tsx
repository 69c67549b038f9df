import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { cn } from './cn.ts';
import { iconCheck } from '../../src/shared/lucide-icons.ts';
import { Icon } from './icon.tsx';

interface ToggleProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  id?: string;
  label?: string;
  disabled?: boolean;
  className?: string;
}

export function Checkbox({ checked, onChange, id, label, disabled, className }: ToggleProps) {
  return (
    <CheckboxPrimitive.Root
      id={id}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(state) => onChange(state === true)}
      className={cn(
        'inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-sm border border-input bg-surface focusable disabled:opacity-50 data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground',
        className,
      )}
    >
      <CheckboxPrimitive.Indicator aria-hidden="true" className="inline-flex text-sm">
        <Icon svg={iconCheck} />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

export function Switch({ checked, onChange, id, label, disabled, className }: ToggleProps) {
  return (
    <SwitchPrimitive.Root
      id={id}
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onCheckedChange={onChange}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-input transition-colors focusable disabled:opacity-50 data-[state=checked]:bg-accent',
        className,
      )}
    >
      <SwitchPrimitive.Thumb className="block h-5 w-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </SwitchPrimitive.Root>
  );
}
