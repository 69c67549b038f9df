import type { ReactNode } from 'react';
import { Artwork } from '../../../islands/ui/artwork.tsx';
import { Message } from '../../../islands/ui/message.tsx';

/** 'Powered by Hearth' with the flame, at the foot of every public share page. */
export function PoweredBy() {
  return (
    <footer className="mt-auto flex items-center gap-1.5 pt-6 text-sm text-muted-foreground">
      <span aria-hidden="true" className="i-lucide-flame text-accent-text" />
      Powered by Hearth
    </footer>
  );
}

/** The share pages' frame: artwork first, then heading and player, then the footer. */
export function ShareLayout({ artworkUrl, alt, children }: { artworkUrl: string | null; alt: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center gap-6 px-5 pb-6 pt-8">
      <Artwork url={artworkUrl} alt={alt} className="aspect-square w-full max-w-[20rem] rounded-xl text-7xl shadow-xl" />
      {children}
      <PoweredBy />
    </main>
  );
}

export function ShareNotFound({ heading, text }: { heading: string; text: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center p-2">
      <Message level={1} icon="i-lucide-music-2" heading={heading}>
        <p className="text-muted-foreground">{text}</p>
      </Message>
      <PoweredBy />
    </main>
  );
}
