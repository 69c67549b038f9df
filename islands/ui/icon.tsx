import { cn } from './cn.ts';

/**
 * A Lucide icon drawn inline, 1em square and in the text's colour (the `icon` rule in
 * islands/ui/tokens.ts; a size or colour class overrides it). `svg` is its markup, one export of
 * src/shared/lucide-icons.ts, never text a person wrote. Decorative unless given a label, then
 * an image with that name.
 */
export function Icon({ svg, className, label }: { svg: string; className?: string; label?: string }) {
  const named = label === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label };
  return <svg viewBox="0 0 24 24" focusable="false" {...named} className={cn('icon', className)} dangerouslySetInnerHTML={{ __html: svg }} />;
}
