import { cn } from './cn.ts';
import { iconLoaderCircle } from '../../src/shared/lucide-icons.ts';
import { Icon } from './icon.tsx';

/** A spinning ring (an inline SVG turned by CSS). Decorative unless given a label, then it is a status. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const ring = <Icon svg={iconLoaderCircle} className={cn('animate-spin text-[1.25em]', className)} />;
  if (!label) return ring;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {ring}
    </span>
  );
}

/** The centred spinner of a loading page or list (protected routes, the library). */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-muted-foreground">
      <Spinner label={label} className="text-2xl" />
    </div>
  );
}
