import { useState } from 'react';
import { copyText, useCopiedState } from '../lib/copy-link.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { iconCheck, iconCircleCheck, iconCopy } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../ui/icon.tsx';

/** After success: the link, a copy button with a 2-second copied state, a reset, and for guests the invite below. */
export function ShareCreated({ link, signedIn, registrationOpen, onReset }: { link: string; signedIn: boolean; registrationOpen: boolean; onReset: () => void }) {
  const [copied, setCopied] = useCopiedState();
  const [invite, setInvite] = useState(!signedIn);

  // Where nothing can copy, the link stays selectable in the field.
  const copy = async () => setCopied(await copyText(link));

  return (
    <div className="grid gap-4 text-center">
      <Icon svg={iconCircleCheck} className="mx-auto text-5xl text-accent-text" />
      <h2 className="text-xl font-semibold">Share Link Created!</h2>
      <div className="flex gap-2">
        <Input readOnly aria-label="Share link" value={link} onFocus={(e) => e.target.select()} />
        <Button variant="outline" className="w-28 shrink-0" onClick={copy}>
          <Icon svg={copied ? iconCheck : iconCopy} className="text-base" />
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      <Button variant="ghost" onClick={onReset}>
        Share Another Audio
      </Button>
      {invite ? <SaveInvite registrationOpen={registrationOpen} onLater={() => setInvite(false)} /> : null}
    </div>
  );
}

/**
 * The guests' invite to keep their music: a section under the link, never a dialog over it,
 * so the link and its Copy button stay in reach (docs/decisions/125-share-invite-below-the-link.md).
 */
function SaveInvite({ registrationOpen, onLater }: { registrationOpen: boolean; onLater: () => void }) {
  return (
    <section aria-labelledby="save-invite-title" className="grid gap-3 rounded-lg border border-border bg-muted/60 p-4 text-left">
      <h3 id="save-invite-title" className="font-semibold">
        Save to Your Library
      </h3>
      <p className="text-sm text-muted-foreground">
        {registrationOpen
          ? 'Create an account to keep your music in the family library and play it anywhere.'
          : // Registration is closed: no dead-end Create Account, but who can help.
            'Ask an admin of this Hearth for an account, then log in to keep your music in the family library.'}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onLater}>
          Maybe Later
        </Button>
        <Button asChild>{registrationOpen ? <a href="/login?create=1">Create Account</a> : <a href="/login">Login</a>}</Button>
      </div>
    </section>
  );
}
