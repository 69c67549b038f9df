import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/** Where a real response departs from its shared schema, one readable line each ([] when it fits). */
export function shapeErrors(schema: TSchema, value: unknown): string[] {
  return [...Value.Errors(schema, value)].map((error) => `${error.path || '/'}: ${error.message}`);
}
