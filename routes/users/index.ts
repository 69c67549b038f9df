import { Elysia } from 'elysia';
import type { AppContext } from '../../src/app-context.ts';
import { NotFoundError } from '../../src/errors.ts';
import { findAccount } from '../../src/services/accounts/family-accounts.ts';
import { createUser, listAccounts, removeAccount, updateAccount } from '../../src/services/accounts/users.ts';
import {
  accountListSchema as accountListResponse,
  accountSchema as accountResponse,
  newUserBody,
  userChangesBody,
  userIdParams,
} from '../../src/shared/schemas/accounts.ts';

/** Malformed ids (`abc`, `1e3`, `../x`) are 404 like missing ones. */
function userId(raw: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw new NotFoundError('User not found');
  return Number(raw);
}

/** Family accounts in Settings (admins only); the CLI's `user` command shares the service. */
export function userRoutes(ctx: AppContext) {
  return new Elysia({ name: 'user-routes' })
    .use(ctx.auth)
    .get('/api/users', () => listAccounts(ctx.db), { admin: true, response: accountListResponse })
    .post(
      '/api/users',
      async ({ body, set }) => {
        const user = await createUser(ctx.db, { username: body.username, password: body.password, isAdmin: body.isAdmin === true });
        set.status = 201;
        return findAccount(ctx.db, user.id);
      },
      { admin: true, body: newUserBody, response: { 201: accountResponse } },
    )
    .patch('/api/users/:id', ({ params, body, sessionId }) => updateAccount(ctx.db, userId(params.id), body, sessionId), {
      admin: true,
      params: userIdParams,
      body: userChangesBody,
      response: accountResponse,
    })
    .delete(
      '/api/users/:id',
      ({ params, set }) => {
        removeAccount(ctx.db, userId(params.id));
        set.status = 204;
      },
      { admin: true, params: userIdParams },
    );
}
