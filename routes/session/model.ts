import { t } from 'elysia';
import { DISPLAY_PREFERENCES } from '../../db/schema/index.ts';

// Elysia reports the `error` of the property that failed, so each property carries one.
const required = 'Username and password are required';

export const credentialsBody = t.Object(
  {
    username: t.String({ maxLength: 1024, error: required }),
    password: t.String({ maxLength: 1024, error: required }),
  },
  { error: required },
);

export const displayPreferenceBody = t.Object(
  {
    displayPreference: t.UnionEnum(DISPLAY_PREFERENCES, {
      error: `displayPreference must be one of ${DISPLAY_PREFERENCES.join(', ')}`,
    }),
  },
  { error: `displayPreference must be one of ${DISPLAY_PREFERENCES.join(', ')}` },
);

export const userResponse = t.Object({
  id: t.Number(),
  username: t.String(),
  isAdmin: t.Boolean(),
  displayPreference: t.UnionEnum(DISPLAY_PREFERENCES),
});
