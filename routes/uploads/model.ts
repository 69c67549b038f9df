import { t } from 'elysia';

export const songIdParams = t.Object({ id: t.String({ maxLength: 20 }) });
