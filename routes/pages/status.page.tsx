import type { ReactNode } from 'react';
import { ReloadButton } from '../../islands/reload-button.tsx';
import { Document } from '../../src/render/document.tsx';
import { pageScope } from '../../src/render/page-scope.ts';

/** A centred title-and-explanation screen, shared by every not-found and error page. */
export function MessageScreen({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      {children}
    </main>
  );
}

export function NotFoundPage() {
  pageScope().status = 404;
  return (
    <Document title="404 Page Not Found - Hearth">
      <MessageScreen heading="404 Page Not Found">
        <p className="muted">Did you forget to add the page to the router?</p>
      </MessageScreen>
    </Document>
  );
}

export function AccessDeniedPage() {
  pageScope().status = 403;
  return (
    <Document title="Access Denied - Hearth">
      <MessageScreen heading="Access Denied">
        <p className="muted">You need admin privileges to access this page.</p>
      </MessageScreen>
    </Document>
  );
}

/** Spec §2 generic error screen; `message` is the error's own, already safe to show. */
export function ErrorPage({ message }: { message: string }) {
  return (
    <Document title="Something went wrong - Hearth">
      <MessageScreen heading="Something went wrong">
        <p className="muted">An unexpected error occurred. Please try refreshing the page.</p>
        <pre className="max-w-xl whitespace-pre-wrap rounded bg-stone-200 px-3 py-2 text-sm dark:bg-stone-800">{message}</pre>
        <ReloadButton />
      </MessageScreen>
    </Document>
  );
}
