import type { AnchorHTMLAttributes } from 'react';
import { shouldHandleClick, useRouter } from './router.ts';

/** An <a> that navigates within the app shell (no reload) and works without JavaScript too. */
export function AppLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { navigate } = useRouter();
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!shouldHandleClick(event, href)) return;
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}
