import type { ReactNode } from 'react';
import { pageScope } from './page-scope.ts';

export interface DocumentProps {
  /** Full document title. */
  title: string;
  description?: string;
  /** Extra <head> tags: social previews. */
  head?: ReactNode;
  children: ReactNode;
}

/**
 * The document shell every page renders. The theme class on <html> is set by an inline
 * script before first paint (see csp.ts), hence suppressHydrationWarning on <html> only.
 */
export function Document({ title, description, head, children }: DocumentProps) {
  const scope = pageScope();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        {head}
        <meta name="theme-color" content="#faf8f5" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#171412" media="(prefers-color-scheme: dark)" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" type="image/png" sizes="192x192" href="/icons/icon-192.png" />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <link rel="stylesheet" href={scope.css} />
      </head>
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        {children}
      </body>
    </html>
  );
}
