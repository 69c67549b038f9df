import type { ReactNode } from 'react';
import { cn } from '../ui/cn.ts';
import { useUser } from './user-context.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * On a phone a name beside a back button and two actions gets about 110 px: longer names take
 * two lines of a smaller size there, so a 20-character album name shows whole.
 */
function phoneTitleSize(title: ReactNode, crowded: boolean): string {
  const length = crowded && typeof title === 'string' ? title.length : 0;
  if (length > 16) return 'text-sm sm:text-xl';
  if (length > 12) return 'text-base sm:text-xl';
  return 'text-xl';
}

/**
 * Every signed-in view's header: optional leading control (a back button), the heading, the
 * view's own actions, the theme toggle, and on small screens the user menu.
 */
export function PageHeader({ title, leading, actions }: { title: ReactNode; leading?: ReactNode; actions?: ReactNode }) {
  const user = useUser();
  return (
    <header className="flex min-h-12 items-center gap-2">
      {leading}
      <h1 className={cn('min-w-0 flex-1 break-words font-bold leading-tight line-clamp-2 md:text-2xl', phoneTitleSize(title, leading !== undefined && actions !== undefined))}>{title}</h1>
      <div className="flex shrink-0 items-center gap-1">
        {actions}
        <ThemeToggle />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
