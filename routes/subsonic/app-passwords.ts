import { Elysia, t } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { appPasswordKey, createAppPassword, listAppPasswords, revokeAppPassword } from '../../src/services/accounts/app-passwords.ts';
import { parseId } from '../../src/services/catalogue/ids.ts';
import { appPasswordSchema, newAppPasswordSchema } from '../../src/shared/schemas/app-password.ts';
import { signedInFirst } from '../songs/gate.ts';
import { idParams } from '../../src/shared/schemas/common.ts';

const nameBody = t.Object({ name: t.String({ maxLength: 10_000 }) }, { error: 'name is required and must be text' });

/** The signed-in user's own app passwords for phone apps (/account): list, create (secret shown once), revoke. */
export function appPasswordRoutes(ctx: AppContext) {
  const key = appPasswordKey(ctx.secret);
  const member = { auth: true, transform: signedInFirst } as const;
  return new Elysia({ name: 'app-password-routes' })
    .use(ctx.auth)
    .get('/api/app-passwords', ({ user }) => listAppPasswords(ctx.db, user.id), { auth: true, response: t.Array(appPasswordSchema) })
    .post(
      '/api/app-passwords',
      ({ user, body, set }) => {
        set.status = 201;
        // Never cached anywhere: the secret is in this answer only.
        set.headers['cache-control'] = 'no-store';
        return createAppPassword(ctx.db, key, user.id, body.name, ctx.now());
      },
      { ...member, body: nameBody, response: { 201: newAppPasswordSchema } },
    )
    .delete(
      '/api/app-passwords/:id',
      ({ user, params, set }) => {
        revokeAppPassword(ctx.db, user.id, parseId(params.id, 'App password not found'));
        set.status = 204;
      },
      { ...member, params: idParams },
    );
}
