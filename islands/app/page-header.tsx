import type { ReactNode } from 'react';
import { useUser } from './user-context.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * Every signed-in view's header: optional leading control (a back button), the heading, the
 * view's own actions, the theme toggle, and on small screens the user menu.
 */
export function PageHeader({ title, leading, actions }: { title: ReactNode; leading?: ReactNode; actions?: ReactNode }) {
  const user = useUser();
  return (
    <header className="flex min-h-12 items-center gap-2">
      {leading}
      <h1 className="min-w-0 flex-1 truncate text-xl font-bold md:text-2xl">{title}</h1>
      <div className="flex shrink-0 items-center gap-1">
        {actions}
        <ThemeToggle />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
