import { type Static, Type } from '@sinclair/typebox';
import { nullable } from './common.ts';
import { tempShareSchema } from './share.ts';

/**
 * A temporary share as Settings lists it (`GET /api/temp-shares`, admins): the public fields
 * plus the file's size and the account that made it (null for a guest). Visits are not counted.
 */
export const adminTempShareSchema = Type.Composite([
  tempShareSchema,
  Type.Object({ fileSize: Type.Number(), uploadedBy: nullable(Type.String()) }),
]);
export type AdminTempShareDto = Static<typeof adminTempShareSchema>;

export const adminTempShareListSchema = Type.Array(adminTempShareSchema);

/** `DELETE /api/temp-shares/:id` (admins). */
export const tempShareIdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
