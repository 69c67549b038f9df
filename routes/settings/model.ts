import { t } from 'elysia';
import { SHARE_EXPIRIES } from '../../src/shared/share-expiry.ts';

const problem = `Settings accept registrationOpen (true or false) and defaultShareExpiry (one of ${SHARE_EXPIRIES.join(', ')})`;

export const settingsBody = t.Object(
  {
    registrationOpen: t.Optional(t.Boolean({ error: problem })),
    // Literals, not t.UnionEnum: Elysia fills an absent UnionEnum with its first value, so
    // saving registrationOpen alone would reset the expiry to never.
    defaultShareExpiry: t.Optional(t.Union(SHARE_EXPIRIES.map((value) => t.Literal(value)), { error: problem })),
  },
  { additionalProperties: false, error: problem },
);

// The shape lives in src/shared/schemas (one schema per shape); index.ts reads it under this name.
export { settingsSchema as settingsResponse } from '../../src/shared/schemas/settings.ts';
