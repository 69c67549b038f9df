import { LoginCard } from '../../islands/login/login-card.tsx';
import { buttonClass } from '../../islands/ui/button-styles.ts';
import { Card } from '../../islands/ui/card.tsx';
import { Toaster } from '../../islands/ui/toaster.tsx';
import { Document } from '../../src/render/document.tsx';
import { pageScope } from '../../src/render/page-scope.ts';
import { isRegistrationOpen } from '../../src/services/settings/settings.ts';
import { iconFlame } from '../../src/shared/lucide-icons.ts';
import { Icon } from '../../islands/ui/icon.tsx';

/** The flame mark beside the product name. */
function Mark({ className }: { className: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex items-center justify-center rounded-2xl bg-accent text-accent-foreground shadow-md ${className}`}>
      <Icon svg={iconFlame} />
    </span>
  );
}

/** `/` for a guest: title, tagline and the way in. */
export function LandingPage() {
  return (
    <Document title="Hearth" description="Hearth: music for the whole family">
      <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-6 text-center">
        <Mark className="h-20 w-20 text-5xl" />
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight md:text-[2.5rem] md:leading-tight">Hearth</h1>
          <p className="text-lg text-muted-foreground">music for the whole family</p>
        </div>
        <a href="/login" className={buttonClass({ size: 'lg', className: 'min-w-40' })}>
          Login
        </a>
      </main>
    </Document>
  );
}

/** `/login`: Login, and Create Account while registration is open (read here: no session needed). */
export function LoginPage({ create = false }: { create?: boolean }) {
  const registrationOpen = isRegistrationOpen(pageScope().db);
  return (
    <Document title="Login - Hearth">
      <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-4 sm:p-6">
        <a href="/" className="flex items-center gap-2.5 rounded-md text-lg font-bold focusable">
          <Mark className="h-9 w-9 text-xl" />
          Hearth
        </a>
        <Card className="w-full max-w-sm">
          <LoginCard registrationOpen={registrationOpen} create={create} />
        </Card>
      </main>
      <Toaster />
    </Document>
  );
}
