import { t } from 'elysia';

export const albumNameBody = t.Object(
  { name: t.String({ maxLength: 10_000 }) },
  { error: 'name is required and must be text' },
);
