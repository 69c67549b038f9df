'use client';
import { Button } from './ui/button.tsx';
import { iconRotateCw } from '../src/shared/lucide-icons.ts';
import { Icon } from './ui/icon.tsx';

/** The generic error screen's 'Reload Page' button. */
export function ReloadButton() {
  return (
    <Button onClick={() => window.location.reload()}>
      <Icon svg={iconRotateCw} className="text-base" />
      Reload Page
    </Button>
  );
}
