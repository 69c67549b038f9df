import { t } from 'elysia';

// No maxLength: a long query is cut by the service rather than refused.
export const searchQuery = t.Object({ q: t.Optional(t.String()) });
