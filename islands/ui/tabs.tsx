import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export const Tabs = TabsPrimitive.Root;

/** The tab strip: arrows move between tabs (roving focus), Home/End jump. */
export function TabsList({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <TabsPrimitive.List aria-label={label} className={cn('inline-flex h-11 items-center gap-1 rounded-md bg-muted p-1 text-muted-foreground', className)}>
      {children}
    </TabsPrimitive.List>
  );
}

export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <TabsPrimitive.Trigger
      value={value}
      className="inline-flex h-9 items-center justify-center rounded-sm px-3 text-sm font-medium focusable data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-sm"
    >
      {children}
    </TabsPrimitive.Trigger>
  );
}

export function TabsContent({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <TabsPrimitive.Content value={value} className={cn('mt-4 focusable', className)}>
      {children}
    </TabsPrimitive.Content>
  );
}
