import { Button } from '../ui/button.tsx';
import { Message } from '../ui/message.tsx';

/** A read that failed: what failed, the server's reason, and Try Again (docs/look-and-feel.md, States). */
export function LoadError({ heading, error, onRetry }: { heading: string; error: Error; onRetry: () => void }) {
  return (
    <Message icon="i-lucide-cloud-alert" heading={heading}>
      {error.message ? <p className="max-w-prose text-muted-foreground">{error.message}</p> : null}
      <Button variant="outline" onClick={onRetry}>
        <span aria-hidden="true" className="i-lucide-rotate-cw text-base" />
        Try Again
      </Button>
    </Message>
  );
}
