// The argument type `execute` receives, read from a literal JSON Schema (`as const`, or inline in a
// call whose type parameter is `const`). Types only: nothing here runs. It covers the keywords tool
// schemas use most (type, properties, required, additionalProperties, patternProperties, items, enum,
// const, anyOf, oneOf, allOf) and falls back to `unknown` for anything else ($ref, prefixItems, a schema
// typed as a wide `object`), so a type it gives is never narrower than what validation admits. Keywords
// that only add conditions (propertyNames, if/then/else, dependentSchemas, draft-07 dependencies,
// unevaluated*) are left unread: the type without them is wider.

/** Nesting levels read before the type gives up with `unknown` (keeps the compiler's work bounded). */
type Levels = [never, 0, 1, 2, 3, 4, 5, 6, 7];
type MaxLevel = 8;

/** A union of every member type `U` into one intersection. */
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** One object type instead of an intersection of several, for readable hovers and exact type tests. */
type Flatten<T> = T extends object ? { [K in keyof T]: T[K] } : T;

/** The JSON value a `type` name admits. */
type TypeName<N, S, L extends number> = N extends 'string'
  ? string
  : N extends 'number' | 'integer'
    ? number
    : N extends 'boolean'
      ? boolean
      : N extends 'null'
        ? null
        : N extends 'array'
          ? ArrayOf<S, L>
          : N extends 'object'
            ? ObjectOf<S, L>
            : unknown;

/** Required names, only when they are literals: a wide `string[]` says nothing about which ones. */
type RequiredNames<S> = S extends { readonly required: readonly (infer R)[] }
  ? string extends R
    ? never
    : R & string
  : never;

/** The `properties` schemas' types: an index signature's value covers them too. */
type Declared<S, L extends number> = S extends { readonly properties: infer P } ? Node<P[keyof P], L> : never;

/**
 * The `patternProperties` schemas' types: a member a pattern matches is not an additional one, so it holds one of
 * them, not what `additionalProperties` says (never when there is no pattern, or none admits a value).
 */
type Patterned<S, L extends number> = S extends { readonly patternProperties: infer PP }
  ? [keyof PP] extends [never]
    ? never
    : Node<PP[keyof PP], L>
  : never;

/** Members not named in `properties`: a pattern's or the `additionalProperties` schema's, or any value. */
type Rest<S, L extends number> = S extends { readonly additionalProperties: false }
  ? [Patterned<S, L>] extends [never]
    ? unknown
    : { [key: string]: Patterned<S, L> | Declared<S, L> }
  : S extends { readonly additionalProperties: infer A }
    ? A extends true
      ? { [key: string]: unknown }
      : { [key: string]: Node<A, L> | Patterned<S, L> | Declared<S, L> }
    : { [key: string]: unknown };

type ObjectOf<S, L extends number> = S extends { readonly properties: infer P }
  ? Flatten<
      { -readonly [K in keyof P as K extends RequiredNames<S> ? K : never]: Node<P[K], L> } & {
        -readonly [K in keyof P as K extends RequiredNames<S> ? never : K]?: Node<P[K], L>;
      } & { -readonly [K in Exclude<RequiredNames<S>, keyof P>]: unknown } & Rest<S, L>
    >
  : Flatten<{ -readonly [K in RequiredNames<S>]: unknown } & Rest<S, L>>;

type ArrayOf<S, L extends number> = S extends { readonly prefixItems: unknown }
  ? unknown[]
  : S extends { readonly items: infer I }
    ? I extends readonly unknown[]
      ? unknown[]
      : Node<I, L>[]
    : unknown[];

/** What `type` (or, without it, `properties` / `items`) admits. */
type Typed<S, L extends number> = S extends { readonly type: infer T }
  ? T extends readonly (infer N)[]
    ? TypeName<N, S, L>
    : TypeName<T, S, L>
  : S extends { readonly properties: unknown }
    ? ObjectOf<S, L> | string | number | boolean | null | unknown[]
    : unknown;

/** `const` and `enum` narrow to their values; otherwise what `type` says. */
type Valued<S, L extends number> = S extends { readonly const: infer C }
  ? C
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : Typed<S, L>;

type Branches<B, L extends number> = B extends readonly (infer E)[] ? Node<E, L> : unknown;

/** anyOf / oneOf: one branch holds; allOf: every branch holds. */
type Combined<S, L extends number> = (S extends { readonly anyOf: infer B } ? Branches<B, L> : unknown) &
  (S extends { readonly oneOf: infer B } ? Branches<B, L> : unknown) &
  (S extends { readonly allOf: readonly (infer E)[] } ? Intersect<Node<E, L>> : unknown);

type Node<S, L extends number> = [L] extends [never]
  ? unknown
  : S extends true
    ? unknown
    : S extends false
      ? never
      : S extends { readonly $ref: unknown }
        ? unknown
        : S extends object
          ? Valued<S, Levels[L]> & Combined<S, Levels[L]>
          : unknown;

/**
 * The arguments `execute` receives for a tool schema `S`: an object type read from a literal schema,
 * `Record<string, unknown>` when `S` is absent or not a literal. Never narrower than validation.
 */
export type InferArgs<S> = unknown extends S
  ? Record<string, unknown>
  : [S] extends [undefined]
    ? Record<string, unknown>
    : RootOf<Node<S, MaxLevel>>;

/** Tool arguments are a JSON object (rule 5): only the object members count; none left is any record. */
type RootOf<T> = unknown extends T
  ? Record<string, unknown>
  : [ObjectMembers<T>] extends [never]
    ? Record<string, unknown>
    : ObjectMembers<T>;
type ObjectMembers<T> = Exclude<Extract<T, object>, readonly unknown[]>;
