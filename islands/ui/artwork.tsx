import { cn } from './cn.ts';
import { iconMusic } from '../../src/shared/lucide-icons.ts';
import { Icon } from './icon.tsx';

/**
 * Square artwork, or the soft gradient placeholder with a music icon (docs/look-and-feel.md).
 * Callers size it by class; until the image arrives the box shows the muted colour, never a gap.
 */
export function Artwork({ url, className, alt = '' }: { url: string | null; className?: string; alt?: string }) {
  if (url) return <img src={url} alt={alt} loading="lazy" decoding="async" className={cn('shrink-0 rounded-md bg-muted object-cover', className)} />;
  return (
    <div data-testid="artwork-placeholder" aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-accent-soft to-muted text-accent-text', className)}>
      <Icon svg={iconMusic} className="text-[1.25em]" />
    </div>
  );
}
