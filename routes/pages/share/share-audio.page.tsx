import { ShareAudioForm } from '../../../islands/share/share-audio-form.tsx';
import { Toaster } from '../../../islands/toast/toaster.tsx';
import { Document } from '../../../src/render/document.tsx';
import { pageScope } from '../../../src/render/page-scope.ts';

/** `/share`: anyone turns one audio file into a public link (spec §2 Share Audio). */
export function ShareAudioPage() {
  const { user } = pageScope();
  return (
    <Document title="Share Audio - Hearth" description="Share an audio file with a link on Hearth">
      <main className="mx-auto flex min-h-screen max-w-lg flex-col gap-6 p-6">
        <header className="pt-6 text-center">
          <h1 className="text-2xl font-bold">Share Audio</h1>
          <p className="muted text-sm">Upload one audio file and get a link anyone can listen to.</p>
        </header>
        <div className="card">
          <ShareAudioForm signedIn={Boolean(user)} isAdmin={user?.isAdmin === true} />
        </div>
        <footer className="muted mt-auto text-center text-sm">Powered by Hearth</footer>
      </main>
      <Toaster />
    </Document>
  );
}
