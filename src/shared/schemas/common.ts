import { type TLiteral, type TNull, type TSchema, type TUnion, Type } from '@sinclair/typebox';

/** `T | null`, as Elysia's `t.Nullable` builds it (a union with null). */
export const nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => Type.Union([schema, Type.Null()]);

type Literals<V extends readonly string[]> = { -readonly [K in keyof V]: TLiteral<V[K]> };

/** One of a fixed list of strings (src/shared/enums.ts), typed as the tuple of its literals. */
export const oneOf = <const V extends readonly string[]>(values: V): TUnion<Literals<V>> =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<Literals<V>>;
