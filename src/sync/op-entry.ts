// The shape of one queued write in the catalogue (op-catalogue.ts), and the type of the body it carries.
import type * as v from 'valibot';
import type { Action } from '../../contracts/authority';
import type { ApiName, HttpMethod } from '../db/types';

/** How a done op's answer is written back: into the cached application, by a module loaded on demand, or not at all. */
export type WriteBack = 'application' | 'module' | 'none';

export type OpEntry<
  K extends string = string,
  P = never,
  B extends v.GenericSchema = v.GenericSchema,
  A extends v.GenericSchema = v.GenericSchema,
> = {
  readonly kind: K;
  readonly api: ApiName;
  /** The first is the usual one; a step that creates then updates the same record names both. */
  readonly methods: readonly [HttpMethod, ...HttpMethod[]];
  readonly path: (at: P) => string;
  /** The contract the server validates the body with (file fields travel as placeholders until sent). */
  readonly body: B;
  /** Checked before the answer is cached; an answer that fails it is kept on the op but written nowhere. */
  readonly answer: A;
  /** The authority table's row the server decides this write by (null: a check of a value, not a write of the application). */
  readonly action: Action | null;
  readonly writeBack: WriteBack;
  /** The stage screen under /application/ where the officer fixes what the server refused (null: the sync center). */
  readonly fixAt: string | null;
  /** A check: a refusal (4xx) is its answer, recorded on the application, not a failure to fix. */
  readonly refusalIsAnswer?: true;
};

/**
 * The body an entry's op carries: the contract's fields, any of which may be a placeholder until the op is sent (a
 * local file's id, an earlier op's result), plus the extra fields a step sends beside its contract.
 */
export type QueuedBody<B extends v.GenericSchema> = Queued<v.InferInput<B>>;
type Queued<T> = unknown extends T
  ? Record<string, unknown>
  : T extends object
    ? { [K in keyof T]?: T[K] | Placeholder | Placeholder[] | null } & Record<string, unknown>
    : never;
type Placeholder = { $fileId: string } | { $result: { op: string; path: string } };
