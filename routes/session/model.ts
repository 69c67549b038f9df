import { t } from 'elysia';
import { DISPLAY_PREFERENCES } from '../../src/shared/enums.ts';

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

// The shape lives in src/shared/schemas (one schema per shape); index.ts reads it under this name.
export { userSchema as userResponse } from '../../src/shared/schemas/user.ts';
