import { t } from 'elysia';
import { tempShareDtoSchema } from '../shares/model.ts';

export { tempShareDtoSchema };
export const tempShareListResponse = t.Array(tempShareDtoSchema);
export const tempShareIdParams = t.Object({ id: t.String({ maxLength: 20 }) });
export const shareIdParams = t.Object({ shareId: t.String({ maxLength: 200 }) });
