import { type Static, Type } from '@sinclair/typebox';

/** Every API failure (docs/architecture.md): a person-readable sentence with the right status. */
export const errorSchema = Type.Object({ error: Type.String() });
export type ErrorDto = Static<typeof errorSchema>;
