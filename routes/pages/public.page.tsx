import { Document } from '../../src/render/document.tsx';
import { LoginForm } from '../../islands/login/login-form.tsx';
import { Toaster } from '../../islands/toast/toaster.tsx';

/** `/` for a guest: title, tagline and the way in (spec §2). */
export function LandingPage() {
  return (
    <Document title="Hearth" description="Hearth: music for the whole family">
      <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-6 text-center">
        <h1 className="text-5xl font-bold tracking-tight">Hearth</h1>
        <p className="muted text-lg">music for the whole family</p>
        <a href="/login" className="btn-primary px-8">
          Login
        </a>
      </main>
    </Document>
  );
}

export function LoginPage() {
  return (
    <Document title="Login - Hearth">
      <main className="flex min-h-screen items-center justify-center p-6">
        <div className="card w-full max-w-sm">
          <h1 className="mb-1 text-2xl font-semibold">Login</h1>
          <p className="muted mb-6 text-sm">Sign in to Hearth</p>
          <LoginForm />
        </div>
      </main>
      <Toaster />
    </Document>
  );
}
