/**
 * TypeScript types computed from the contract tables, so that no operation's shape is written
 * twice. The type notation of the tables:
 *   - an XSD primitive: `string`, `int`, `decimal`, `dateTime`, `boolean`, `base64Binary`;
 *   - the name of an enum (`enums.ts`) or a structure (`structures.ts`);
 *   - any of these followed by `[]`: an array (`ArrayOf<Item>` on the wire).
 * A field whose name ends in `?` is optional whatever its type; otherwise value types (numbers,
 * dates, booleans, enums) are required and everything else is optional, as ASP.NET publishes them.
 *
 * Requests (`in`) take `Uint8Array` for binary data. Results (`out`) give `Buffer` for binary data
 * and always give arrays, empty when the service sent none.
 */
import type { enums } from './enums';
import type { structures } from './structures';
import type { ServiceKey, Services } from './services';

type Enums = typeof enums;
type Structures = typeof structures;

export type Direction = 'in' | 'out';

interface Primitives {
  in: { string: string; int: number; decimal: number; dateTime: Date; boolean: boolean; base64Binary: Uint8Array };
  out: { string: string; int: number; decimal: number; dateTime: Date; boolean: boolean; base64Binary: Buffer };
}
export type PrimitiveName = keyof Primitives['in'];

/** A field of a table: `[name, type]`. */
export type FieldSpec = readonly [string, string];

type ValueTypeName = Exclude<PrimitiveName, 'string' | 'base64Binary'> | keyof Enums;

/** The TypeScript value of a type written in the table notation. */
export type ValueOf<T extends string, D extends Direction> = T extends `${infer Item}[]`
  ? ValueOf<Item, D>[]
  : T extends PrimitiveName
    ? Primitives[D][T]
    : T extends keyof Enums
      ? Enums[T][number]
      : T extends keyof Structures
        ? StructValue<Structures[T], D>
        : never;

type CleanName<N extends string> = N extends `${infer Base}?` ? Base : N;

type IsRequired<F extends FieldSpec, D extends Direction> = F[0] extends `${string}?`
  ? false
  : F[1] extends ValueTypeName
    ? true
    : D extends 'out'
      ? F[1] extends `${string}[]`
        ? true
        : false
      : false;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The object type of a list of fields: required keys first, optional keys with `?`. */
export type StructValue<Fields extends readonly FieldSpec[], D extends Direction> = Simplify<
  {
    [F in Fields[number] as IsRequired<F, D> extends true ? CleanName<F[0]> : never]: ValueOf<F[1], D>;
  } & {
    [F in Fields[number] as IsRequired<F, D> extends true ? never : CleanName<F[0]>]?: ValueOf<F[1], D>;
  }
>;

type OperationsOf<S extends ServiceKey> = Services[S]['operations'];

/** The operations of one service, by name. */
export type OperationName<S extends ServiceKey> = keyof OperationsOf<S> & string;

type OperationSpec<S extends ServiceKey, O extends OperationName<S>> = OperationsOf<S>[O] & {
  readonly params: readonly FieldSpec[];
  readonly result: string;
};

/** Everything an operation takes, credentials included, as the wire carries it. */
export type RequestOf<S extends ServiceKey, O extends OperationName<S>> = StructValue<OperationSpec<S, O>['params'], 'in'>;

/** What an operation answers: a number for a bare int, else its result structure. */
export type ResultOf<S extends ServiceKey, O extends OperationName<S>> = ValueOf<OperationSpec<S, O>['result'], 'out'>;

/** A structure of `structures.ts` as a result gives it. */
export type Structure<N extends keyof Structures> = StructValue<Structures[N], 'out'>;

/**
 * A result as the wire carries it, where arrays and strings may be absent (`-3115` answers no
 * list at all): what the sandbox answers. Value-type fields left out are written as zeros.
 */
export type ReplyOf<S extends ServiceKey, O extends OperationName<S>> = ValueOf<OperationSpec<S, O>['result'], 'in'>;
