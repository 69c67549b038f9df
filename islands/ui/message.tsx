import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';

/** A centred icon, heading and explanation: not-found, access denied, error and empty states. */
export function Message({ icon, heading, level = 2, children }: { icon: string; heading: string; level?: 1 | 2; children?: ReactNode }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <Icon svg={icon} className="text-5xl text-muted-foreground" />
      <Heading className="text-xl font-bold md:text-2xl">{heading}</Heading>
      {children}
    </div>
  );
}
