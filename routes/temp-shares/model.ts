import { t } from 'elysia';

export const tempShareIdParams = t.Object({ id: t.String({ maxLength: 20 }) });
export { shareIdParams } from '../shares/model.ts';
