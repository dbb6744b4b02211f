/** What every operation of the sandbox works with, and how it refuses a request. */
import type { OperationName, ReplyOf, RequestOf, ServiceKey } from '../../contract';
import type { Schedule } from '../lifecycle';
import type { Pricing } from '../../printing';
import type { Store } from '../store/store';
import type { AccountRecord, UserRecord } from '../store/records';

/**
 * The state every operation works with (its store, schedule, pricing and clock): not the server,
 * which is `SandboxServer` in `../index.ts`.
 */
export interface SandboxState {
  readonly store: Store;
  readonly schedule: Schedule;
  readonly pricing: Pricing;
  /** How long a GetPDF waits for a batch's PDF being printed before it answers -3020 (printed-pdf.ts). */
  readonly printWaitMs: number;
  /** The sandbox's clock: injected in tests, `Date.now` otherwise. */
  now(): number;
}

/** Who is calling: the user of the password or API key. */
export interface Caller {
  readonly user: UserRecord;
  readonly account: AccountRecord;
}

/**
 * A handler's refusal of a request: the service answers it with this negative result code (HTTP
 * 200, never a fault). Thrown by `refuse`, caught by the dispatcher, never seen by a caller.
 */
export class Refusal extends Error {
  override readonly name = 'Refusal';
  constructor(
    readonly code: number,
    /** For the mail merge's ResultDescription. */
    readonly description?: string,
  ) {
    super(`result code ${code}`);
  }
}

export function refuse(code: number, description?: string): never {
  throw new Refusal(code, description);
}

export type Handler<S extends ServiceKey, O extends OperationName<S>> = (
  request: RequestOf<S, O>,
  caller: Caller,
  sandbox: SandboxState,
) => ReplyOf<S, O> | Promise<ReplyOf<S, O>>;

/** One handler per operation of every service, typed from the contract. */
export type Handlers = { readonly [S in ServiceKey]: { readonly [O in OperationName<S>]: Handler<S, O> } };
