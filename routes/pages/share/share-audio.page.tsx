import { ShareAudioForm } from '../../../islands/share/share-audio-form.tsx';
import { Card } from '../../../islands/ui/card.tsx';
import { Toaster } from '../../../islands/ui/toaster.tsx';
import { Document } from '../../../src/render/document.tsx';
import { pageScope } from '../../../src/render/page-scope.ts';
import { defaultShareExpiry, isRegistrationOpen } from '../../../src/services/settings/settings.ts';
import { PoweredBy } from './share-layout.tsx';

/** `/share`: anyone turns one audio file into a public link (docs/product.md, Share Audio). */
export function ShareAudioPage() {
  const { user, db } = pageScope();
  const isAdmin = user?.isAdmin === true;
  // Admins get their default Link Expiration; guests are invited to register only while it is open.
  const defaultExpiry = isAdmin ? defaultShareExpiry(db) : 'never';
  const registrationOpen = user ? false : isRegistrationOpen(db);
  return (
    <Document title="Share Audio - Hearth" description="Share an audio file with a link on Hearth">
      <main className="mx-auto flex min-h-dvh w-full max-w-lg flex-col gap-6 px-4 pb-6 pt-10 sm:px-6">
        <header className="grid gap-1 text-center">
          <h1 className="text-xl font-bold md:text-2xl">Share Audio</h1>
          <p className="text-sm text-muted-foreground">Upload one audio file and get a link anyone can listen to.</p>
        </header>
        <Card className="p-4 sm:p-6">
          <ShareAudioForm signedIn={Boolean(user)} isAdmin={isAdmin} defaultExpiry={defaultExpiry} registrationOpen={registrationOpen} />
        </Card>
        <div className="flex justify-center">
          <PoweredBy />
        </div>
      </main>
      <Toaster />
    </Document>
  );
}
