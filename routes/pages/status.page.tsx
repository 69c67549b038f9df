import type { ReactNode } from 'react';
import { ReloadButton } from '../../islands/reload-button.tsx';
import { Message } from '../../islands/ui/message.tsx';
import { Document } from '../../src/render/document.tsx';
import { pageScope } from '../../src/render/page-scope.ts';
import { iconMapPinOff, iconShieldAlert, iconTriangleAlert } from '../../src/shared/lucide-icons.ts';

/** A whole-page message: the not-found, access-denied and error pages. */
export function MessageScreen({ icon, heading, children }: { icon: string; heading: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-2">
      <Message level={1} icon={icon} heading={heading}>
        {children}
      </Message>
    </main>
  );
}

export function NotFoundPage() {
  pageScope().status = 404;
  return (
    <Document title="404 Page Not Found - Hearth">
      <MessageScreen icon={iconMapPinOff} heading="404 Page Not Found">
        <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      </MessageScreen>
    </Document>
  );
}

export function AccessDeniedPage() {
  pageScope().status = 403;
  return (
    <Document title="Access Denied - Hearth">
      <MessageScreen icon={iconShieldAlert} heading="Access Denied">
        <p className="text-muted-foreground">You need admin privileges to access this page.</p>
      </MessageScreen>
    </Document>
  );
}

/** Generic error screen; `message` is the error's own, already safe to show. */
export function ErrorPage({ message }: { message: string }) {
  return (
    <Document title="Something went wrong - Hearth">
      <MessageScreen icon={iconTriangleAlert} heading="Something went wrong">
        <p className="max-w-md text-muted-foreground">An unexpected error occurred. Please try refreshing the page.</p>
        <pre className="max-w-full overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-muted px-3 py-2 font-mono text-sm md:max-w-xl">{message}</pre>
        <ReloadButton />
      </MessageScreen>
    </Document>
  );
}
