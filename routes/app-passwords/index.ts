import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { appPasswordKey, createAppPassword, listAppPasswords, revokeAppPassword } from '../../src/services/accounts/app-passwords.ts';
import { parseId } from '../../src/services/catalogue/ids.ts';
import { appPasswordListSchema, appPasswordNameBody, newAppPasswordSchema } from '../../src/shared/schemas/app-password.ts';
import { signedInFirst } from '../gate.ts';
import { idParams } from '../../src/shared/schemas/common.ts';


/** `/api/app-passwords`: the signed-in user's own app passwords for phone apps (/account): list, create (secret shown once), revoke. */
export function appPasswordRoutes(ctx: AppContext) {
  const key = appPasswordKey(ctx.secret);
  const member = { auth: true, transform: signedInFirst } as const;
  return new Elysia({ name: 'app-password-routes', prefix: '/api/app-passwords' })
    .use(ctx.auth)
    .get('', ({ user }) => listAppPasswords(ctx.db, user.id), { auth: true, response: appPasswordListSchema })
    .post(
      '',
      ({ user, body, set }) => {
        set.status = 201;
        // Never cached anywhere: the secret is in this answer only.
        set.headers['cache-control'] = 'no-store';
        return createAppPassword(ctx.db, key, user.id, body.name, ctx.now());
      },
      { ...member, body: appPasswordNameBody, response: { 201: newAppPasswordSchema } },
    )
    .delete(
      '/:id',
      ({ user, params, set }) => {
        revokeAppPassword(ctx.db, user.id, parseId(params.id, 'App password not found'));
        set.status = 204;
      },
      { ...member, params: idParams },
    );
}
