import type { LiveSession } from '../src/services/accounts/sessions.ts';
import { ForbiddenError, UnauthorizedError } from '../src/errors.ts';

interface SessionContext {
  currentSession(): Promise<LiveSession | null>;
}

// Elysia validates params and body before the auth macros resolve; these transform hooks run
// first, so a signed-out caller gets 401 (and a non-admin 403) whatever it sent.
export async function signedInFirst({ currentSession }: SessionContext): Promise<void> {
  if (!(await currentSession())) throw new UnauthorizedError();
}

export async function adminFirst({ currentSession }: SessionContext): Promise<void> {
  const live = await currentSession();
  if (!live) throw new UnauthorizedError();
  if (!live.user.isAdmin) throw new ForbiddenError('Only an admin can do that');
}
