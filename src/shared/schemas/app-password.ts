import { type Static, Type } from '@sinclair/typebox';
import { nullable } from './common.ts';

/** One of the signed-in user's app passwords as listed on /account: never the secret. */
export const appPasswordSchema = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: nullable(Type.String()),
});
export type AppPasswordDto = Static<typeof appPasswordSchema>;
export const appPasswordListSchema = Type.Array(appPasswordSchema);

/** The answer to creating one: the only time `password` is ever sent. */
export const newAppPasswordSchema = Type.Composite([appPasswordSchema, Type.Object({ password: Type.String() })]);
export type NewAppPasswordDto = Static<typeof newAppPasswordSchema>;

/** `POST /api/app-passwords`: the name the member gives the phone app. */
export const appPasswordNameBody = Type.Object({ name: Type.String({ maxLength: 10_000 }) }, { error: 'name is required and must be text' });
export type AppPasswordName = Static<typeof appPasswordNameBody>;
