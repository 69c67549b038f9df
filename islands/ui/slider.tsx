import * as SliderPrimitive from '@radix-ui/react-slider';
import { cn } from './cn.ts';

export interface SliderProps {
  /** Range 0 to 100, step 1 by default. */
  value: number;
  onChange: (value: number) => void;
  onCommit?: (value: number) => void;
  label: string;
  min?: number;
  max?: number;
  step?: number;
  className?: string;
  disabled?: boolean;
}

/** One thumb on a track; arrows, Page Up/Down, Home and End move it. */
export function Slider({ value, onChange, onCommit, label, min = 0, max = 100, step = 1, className, disabled }: SliderProps) {
  return (
    <SliderPrimitive.Root
      value={[value]}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      onValueChange={(values) => onChange(values[0] ?? min)}
      onValueCommit={onCommit ? (values) => onCommit(values[0] ?? min) : undefined}
      className={cn('relative flex h-6 w-full touch-none select-none items-center data-[disabled]:opacity-50', className)}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-accent" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb aria-label={label} className="block h-4 w-4 rounded-full border-2 border-accent bg-surface shadow focusable" />
    </SliderPrimitive.Root>
  );
}
