import { Kind, type TInteger, type TLiteral, type TNull, type TSchema, type TUnion, type TUnsafe, Type } from '@sinclair/typebox';

/** `T | null`, as Elysia's `t.Nullable` builds it (a union with null). */
export const nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => Type.Union([schema, Type.Null()]);

type Literals<V extends readonly string[]> = { -readonly [K in keyof V]: TLiteral<V[K]> };

/** One of a fixed list of strings (src/shared/enums.ts), typed as the tuple of its literals. */
export const oneOf = <const V extends readonly string[]>(values: V): TUnion<Literals<V>> =>
  Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<Literals<V>>;

/**
 * Elysia's `t.UnionEnum` built from plain TypeBox, so the browser can import request schemas
 * without Elysia: the server registers the `UnionEnum` check. Unlike Elysia's it has no default:
 * a body that leaves the value out is refused, not read as the first value.
 */
export const unionEnum = <const V extends readonly string[]>(values: V, options: { error?: string } = {}): TUnsafe<V[number]> =>
  Type.Unsafe<V[number]>({ ...options, [Kind]: 'UnionEnum', type: 'string', enum: values });

/**
 * A row id in a request body. Like Elysia's `t.Integer`, it also takes the id written as a
 * string ("12") and hands the handler a number, so it is typed, as Elysia types it, a number.
 */
export const rowId = (): TInteger =>
  Type.Transform(Type.Union([Type.String({ format: 'integer', pattern: '^[1-9][0-9]*$' }), Type.Integer({ minimum: 1 })]))
    .Decode((value) => Number(value))
    .Encode((value) => value) as unknown as TInteger;

/** `/:id` in a path: the route parses it (a malformed id is the route's 404). */
export const idParams = Type.Object({ id: Type.String() });
