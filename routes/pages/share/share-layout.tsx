import type { ReactNode } from 'react';
import { Artwork } from '../../../islands/ui/artwork.tsx';
import { Message } from '../../../islands/ui/message.tsx';
import { iconFlame, iconMusic2 } from '../../../src/shared/lucide-icons.ts';
import { Icon } from '../../../islands/ui/icon.tsx';

/** 'Powered by Hearth' with the flame, at the foot of every public share page. */
export function PoweredBy() {
  return (
    <footer className="mt-auto flex items-center gap-1.5 pt-6 text-sm text-muted-foreground">
      <Icon svg={iconFlame} className="text-accent-text" />
      Powered by Hearth
    </footer>
  );
}

/**
 * The share pages' frame: artwork first, then heading and player, then the footer. With
 * `beside`, from 1024 px the heading, player and track list stand beside the cover, so the
 * list starts above the fold.
 */
export function ShareLayout({ artworkUrl, alt, beside = false, children }: { artworkUrl: string | null; alt: string; beside?: boolean; children: ReactNode }) {
  const artwork = <Artwork url={artworkUrl} alt={alt} className="aspect-square w-full max-w-[20rem] rounded-xl text-7xl shadow-xl" />;
  if (!beside) {
    return (
      <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center gap-6 px-5 pb-6 pt-8">
        {artwork}
        {children}
        <PoweredBy />
      </main>
    );
  }
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center gap-6 px-5 pb-6 pt-8 lg:grid lg:max-w-5xl lg:grid-cols-[20rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-12 lg:px-8 lg:pt-16">
      {artwork}
      <div className="flex w-full min-w-0 flex-col items-center gap-6">{children}</div>
      <div className="mt-auto flex justify-center lg:col-span-2 lg:self-end">
        <PoweredBy />
      </div>
    </main>
  );
}

export function ShareNotFound({ heading, text }: { heading: string; text: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center p-2">
      <Message level={1} icon={iconMusic2} heading={heading}>
        <p className="text-muted-foreground">{text}</p>
      </Message>
      <PoweredBy />
    </main>
  );
}
