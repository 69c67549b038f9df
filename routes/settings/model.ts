import { t } from 'elysia';

export const settingsBody = t.Object(
  { registrationOpen: t.Optional(t.Boolean()) },
  { additionalProperties: false, error: 'Settings accept registrationOpen (true or false)' },
);

// The shape lives in src/shared/schemas (one schema per shape); index.ts reads it under this name.
export { settingsSchema as settingsResponse } from '../../src/shared/schemas/settings.ts';
