import { t } from 'elysia';

const newUserProblem = 'Send a username, a password and optionally isAdmin (true or false)';
const changeProblem = 'Send a new password and/or isAdmin (true or false)';

export const newUserBody = t.Object(
  {
    username: t.String({ maxLength: 1024, error: newUserProblem }),
    password: t.String({ maxLength: 1024, error: newUserProblem }),
    isAdmin: t.Optional(t.Boolean({ error: newUserProblem })),
  },
  { additionalProperties: false, error: newUserProblem },
);

export const userChangesBody = t.Object(
  {
    password: t.Optional(t.String({ maxLength: 1024, error: changeProblem })),
    isAdmin: t.Optional(t.Boolean({ error: changeProblem })),
  },
  { additionalProperties: false, error: changeProblem },
);

export const userIdParams = t.Object({ id: t.String({ maxLength: 20 }) });

export { accountListSchema as accountListResponse, accountSchema as accountResponse } from '../../src/shared/schemas/accounts.ts';
