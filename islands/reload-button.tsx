'use client';
import { Button } from './ui/button.tsx';

/** The generic error screen's 'Reload Page' button. */
export function ReloadButton() {
  return (
    <Button onClick={() => window.location.reload()}>
      <span aria-hidden="true" className="i-lucide-rotate-cw text-base" />
      Reload Page
    </Button>
  );
}
