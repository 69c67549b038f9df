import { t } from 'elysia';

export const settingsBody = t.Object(
  { registrationOpen: t.Optional(t.Boolean()) },
  { additionalProperties: false, error: 'Settings accept registrationOpen (true or false)' },
);

export const settingsResponse = t.Object({ registrationOpen: t.Boolean() });
