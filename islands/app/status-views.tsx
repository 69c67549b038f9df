import { Message } from '../ui/message.tsx';
import { PageHeader } from './page-header.tsx';
import { iconMapPinOff, iconShieldAlert } from '../../src/shared/lucide-icons.ts';

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
    <Message level={1} icon={iconShieldAlert} heading="Access Denied">
      <p className="text-muted-foreground">You need admin privileges to access this page.</p>
    </Message>
  );
}

export function NotFound() {
  return (
    <Message level={1} icon={iconMapPinOff} heading="404 Page Not Found">
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
    </Message>
  );
}
