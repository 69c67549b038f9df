import { useEffect, useState } from 'react';
import { toast } from '../ui/toast-store.ts';

/** The copied indicator lasts 2 seconds. */
const COPIED_MS = 2000;

/** The public links the client builds (docs/product.md, docs/architecture.md: albums share by their public page). */
export const shareLinks = {
  song: (shareId: string) => `${window.location.origin}/share/${shareId}`,
  album: (shareId: string) => `${window.location.origin}/share/album/${shareId}`,
  playlist: (shareId: string) => `${window.location.origin}/share/playlist/${shareId}`,
};

/**
 * Copies to the clipboard. The Clipboard API exists only on secure origins, and a family often
 * opens Hearth as plain http on the home network: there the older selection copy still works.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      field.remove();
    }
  }
}

/** A copied indicator that turns itself off after 2 s. */
export function useCopiedState(): [boolean, (copied: boolean) => void] {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, setCopied];
}

/**
 * Share action: copy the link, a copied state for 2 s, and the toast 'Link copied!'
 * (with 'Share link copied to clipboard' from the library; title only for albums and playlists).
 */
export function useCopyLink() {
  const [copied, setCopied] = useCopiedState();
  const copy = async (link: string, description?: string) => {
    if (!(await copyText(link))) {
      // Nothing could copy: show the link so it can be copied by hand.
      toast({ title: 'Copy this link', description: link });
      return;
    }
    setCopied(true);
    toast(description ? { title: 'Link copied!', description } : { title: 'Link copied!' });
  };
  return { copied, copy };
}
