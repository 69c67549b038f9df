import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';

/** A centred icon, heading and explanation: not-found, access denied, empty states. */
export function MessageBlock({ icon, heading, children }: { icon: string; heading: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <span aria-hidden="true" className={`${icon} text-5xl text-muted-foreground`} />
      <h2 className="text-xl font-bold">{heading}</h2>
      {children}
    </div>
  );
}

/** Views of later issues: a heading so every deep link answers, and a note of what comes. */
export function Placeholder({ heading }: { heading: string }) {
  return (
    <div className="grid gap-4">
      <PageHeader title={heading} />
      <p className="text-muted-foreground">This page is coming soon.</p>
    </div>
  );
}

export function AccessDenied() {
  return (
    <MessageBlock icon="i-lucide-shield-alert" heading="Access Denied">
      <p className="text-muted-foreground">You need admin privileges to access this page.</p>
    </MessageBlock>
  );
}

export function NotFound() {
  return (
    <MessageBlock icon="i-lucide-map-pin-off" heading="404 Page Not Found">
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
    </MessageBlock>
  );
}
