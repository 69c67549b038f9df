import { useState } from 'react';
import { copyText, useCopiedState } from '../lib/copy-link.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog.tsx';
import { Input } from '../ui/input.tsx';

/** After success: the link, a copy button with a 2-second copied state, and a reset. */
export function ShareCreated({ link, signedIn, registrationOpen, onReset }: { link: string; signedIn: boolean; registrationOpen: boolean; onReset: () => void }) {
  const [copied, setCopied] = useCopiedState();
  const [invite, setInvite] = useState(!signedIn);

  // Where nothing can copy, the link stays selectable in the field.
  const copy = async () => setCopied(await copyText(link));

  return (
    <div className="grid gap-4 text-center">
      <span aria-hidden="true" className="i-lucide-circle-check mx-auto text-5xl text-accent-text" />
      <h2 className="text-xl font-semibold">Share Link Created!</h2>
      <div className="flex gap-2">
        <Input readOnly aria-label="Share link" value={link} onFocus={(e) => e.target.select()} />
        <Button variant="outline" className="w-28 shrink-0" onClick={copy}>
          <span aria-hidden="true" className={copied ? 'i-lucide-check text-base' : 'i-lucide-copy text-base'} />
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      <Button variant="ghost" onClick={onReset}>
        Share Another Audio
      </Button>
      <Dialog open={invite} onOpenChange={setInvite}>
        {registrationOpen ? (
          <DialogContent title="Save to Your Library" description="Create an account to keep your music in the family library and play it anywhere.">
            <DialogFooter>
              <Button variant="outline" onClick={() => setInvite(false)}>
                Maybe Later
              </Button>
              <Button asChild>
                <a href="/login?create=1">Create Account</a>
              </Button>
            </DialogFooter>
          </DialogContent>
        ) : (
          // Registration is closed: no dead-end Create Account, but who can help.
          <DialogContent title="Save to Your Library" description="Ask an admin of this Hearth for an account, then log in to keep your music in the family library.">
            <DialogFooter>
              <Button variant="outline" onClick={() => setInvite(false)}>
                Maybe Later
              </Button>
              <Button asChild>
                <a href="/login">Login</a>
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
