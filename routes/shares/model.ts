import { t } from 'elysia';

export const shareIdParams = t.Object({ shareId: t.String({ maxLength: 200 }) });
