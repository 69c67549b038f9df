import { t } from 'elysia';

export { songDtoSchema } from '../shares/model.ts';

export const songIdParams = t.Object({ id: t.String({ maxLength: 20 }) });

export const imageUploadResponse = t.Object({ objectPath: t.String() });
