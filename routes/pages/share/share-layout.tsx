import type { ReactNode } from 'react';

/** The share pages' frame: artwork, heading, the player, and the footer. */
export function ShareLayout({ artworkUrl, alt, children }: { artworkUrl: string | null; alt: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center gap-6 p-6">
      <div className="mt-4 aspect-square w-full max-w-xs overflow-hidden rounded-2xl bg-stone-200 shadow-lg dark:bg-stone-800">
        {artworkUrl ? (
          <img src={artworkUrl} alt={alt} className="h-full w-full object-cover" />
        ) : (
          <div data-testid="artwork-placeholder" className="flex h-full w-full items-center justify-center text-7xl text-stone-400">
            ♪
          </div>
        )}
      </div>
      {children}
      <footer className="muted mt-auto pt-6 text-sm">Powered by Hearth</footer>
    </main>
  );
}

export function ShareNotFound({ heading, text }: { heading: string; text: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="muted">{text}</p>
      <footer className="muted mt-8 text-sm">Powered by Hearth</footer>
    </main>
  );
}
