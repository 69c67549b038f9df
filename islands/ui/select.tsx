import * as SelectPrimitive from '@radix-ui/react-select';
import { INPUT_CLASS } from './input.tsx';
import { cn } from './cn.ts';
import { iconCheck, iconChevronDown } from '../../src/shared/lucide-icons.ts';
import { Icon } from './icon.tsx';

export interface SelectProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  id?: string;
  label?: string;
  name?: string;
  className?: string;
}

/** A listbox select: arrows and type-ahead choose, the chosen option is marked. */
export function Select<V extends string>({ value, onChange, options, id, label, name, className }: SelectProps<V>) {
  return (
    <SelectPrimitive.Root value={value} onValueChange={(next) => onChange(next as V)} name={name}>
      <SelectPrimitive.Trigger id={id} aria-label={label} className={cn(INPUT_CLASS, 'flex items-center justify-between gap-2 text-left', className)}>
        <SelectPrimitive.Value />
        <SelectPrimitive.Icon className="inline-flex text-base text-muted-foreground">
          <Icon svg={iconChevronDown} />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="ui-pop z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-border bg-surface text-foreground shadow-lg"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex min-h-10 cursor-default select-none items-center rounded-sm pl-8 pr-3 text-sm outline-none data-[highlighted]:bg-muted"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2.5 inline-flex">
                  <Icon svg={iconCheck} className="text-base text-accent-text" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
