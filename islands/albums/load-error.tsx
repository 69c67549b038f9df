import { Button } from '../ui/button.tsx';
import { Message } from '../ui/message.tsx';
import { iconCloudAlert, iconRotateCw } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** A read that failed: what failed, the server's reason, and Try Again (docs/look-and-feel.md, States). */
export function LoadError({ heading, error, onRetry }: { heading: string; error: Error; onRetry: () => void }) {
  return (
    <Message icon={iconCloudAlert} heading={heading}>
      {error.message ? <p className="max-w-prose text-muted-foreground">{error.message}</p> : null}
      <Button variant="outline" onClick={onRetry}>
        <Icon svg={iconRotateCw} className="text-base" />
        Try Again
      </Button>
    </Message>
  );
}
