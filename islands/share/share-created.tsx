import { useEffect, useState } from 'react';

const COPIED_MS = 2000;

/** After success: the link, a copy button with a 2-second copied state, and a reset. */
export function ShareCreated({ link, signedIn, onReset }: { link: string; signedIn: boolean; onReset: () => void }) {
  const [copied, setCopied] = useState(false);
  const [invite, setInvite] = useState(!signedIn);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Clipboard refused (insecure origin): the link stays selectable in the field.
    }
    setCopied(true);
  };

  return (
    <div className="grid gap-4 text-center">
      <h2 className="text-xl font-semibold">Share Link Created!</h2>
      <div className="flex gap-2">
        <input readOnly aria-label="Share link" className="input" value={link} onFocus={(e) => e.target.select()} />
        <button type="button" className="btn-outline shrink-0" onClick={copy}>
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
      <button type="button" className="btn-ghost" onClick={onReset}>
        Share Another Audio
      </button>
      {invite ? (
        <div role="dialog" aria-modal="true" aria-labelledby="save-title" className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-4">
          <div className="card grid w-full max-w-sm gap-3 text-left">
            <h2 id="save-title" className="text-lg font-semibold">Save to Your Library</h2>
            <p className="muted text-sm">Create an account to keep your music in the family library and play it anywhere.</p>
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-ghost" onClick={() => setInvite(false)}>
                Maybe Later
              </button>
              <a href="/login" className="btn-primary">
                Create Account
              </a>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
