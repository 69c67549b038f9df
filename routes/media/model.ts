import { t } from 'elysia';

export const audioParams = t.Object({ shareId: t.String({ maxLength: 200 }), file: t.String({ maxLength: 200 }) });

export const objectParams = t.Object({ file: t.String({ maxLength: 200 }) });
