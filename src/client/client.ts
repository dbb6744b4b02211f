/**
 * The typed Mail WS client: one method per operation of every service, generated from the
 * contract (`client.datedA.GetStatus({ ID: '1021984-1021990' })`), over the binding of your choice.
 *
 * - Credentials are given once; each call carries them as its operation takes them (Username and
 *   Password, or APIKey for the advanced letter and the admin service).
 * - A request is checked before it is sent; a negative result code becomes a `MailWsError`, a
 *   fault a `MailWsFault`, a network failure a `MailWsNetworkError` that says whether the request
 *   may have reached the service: every one a `MailWsFailure` that names its operation.
 * - Sends are never retried (that could print and pay twice); reads are retried with backoff on
 *   network errors and on -3500, and paced to a minimum interval per method.
 * - A call's timeout is its whole budget: the wait for its pacing slot, every attempt and the
 *   backoff between them all fit inside it. A retry that could not begin before the deadline is
 *   not made, so a server that never finishes its answer costs one timeout, not one per attempt.
 * - HTTP GET/POST exist on the simple service and dated service A only; the other two services
 *   are called over SOAP 1.1 whatever binding is chosen. A call ASP.NET would refuse over HTTP GET
 *   or POST goes over another binding, and its CallEvent says which and why (see routeFor).
 */
import {
  DEFAULT_ENDPOINT,
  isSoapBinding,
  isSuccessCode,
  operationEffect,
  serviceByKey,
  type Binding,
  type OperationName,
  type Operation,
  type RequestOf,
  type ResultOf,
  type ServiceKey,
  RESULT,
} from '../contract';
import { MailWsError, MailWsNetworkError, mayHaveTakenEffect } from './errors';
import { callHttp } from './http-binding';
import { routeCall, type Route } from './route';
import { SendLogError, describeSend, type SendAdmission, type SendOutcome, type SendRecorder } from './send-log';
import type { SettingsRecorder } from './settings-log';
import { precheck } from './precheck';
import { SoapBinding, type CallSettings } from './soap-binding';
import { Transport, type Progress } from './transport';

export interface Credentials {
  readonly username?: string;
  readonly password?: string;
  readonly apiKey?: string;
}

export interface ClientOptions {
  /** The base URL of the service; the local sandbox when left out. */
  readonly endpoint?: string;
  /** SOAP 1.1 when left out. */
  readonly binding?: Binding;
  readonly credentials: Credentials;
  /**
   * The whole budget of one call, from its start to its result or error: the wait for its pacing
   * slot, every attempt and the backoff between them included. 60 s (DEFAULT_TIMEOUT_MS) when left out.
   */
  readonly timeoutMs?: number;
  /** Attempts of a read (1 = no retry) and the first backoff; doubled each time. */
  readonly retry?: { readonly attempts: number; readonly baseDelayMs: number; readonly rateLimitDelayMs?: number };
  /** Least time between two calls of the same Get method: 6000 for the real service, 0 for the sandbox. */
  readonly minIntervalMs?: number;
  /**
   * Largest answer read, whatever the operation. Each operation's answer is bounded by what it can
   * hold (the contract's answerLimit: about 1.2 MB for 1000 statuses, 350 MB for GetPDF's largest
   * PDF); this only lowers that bound.
   */
  readonly maxResponseBytes?: number;
  /** Told of every call, for a log: never the request, never a secret. */
  readonly onCall?: (event: CallEvent) => void;
  /**
   * Where every send is written down before its request leaves (and completed when answered): a
   * send is not made if it cannot be written. See send-log.ts.
   */
  readonly sendLog?: SendRecorder;
  /**
   * Told of every SetUserSettings that succeeded, with its request (which carries no credential:
   * the API key is the client's own): the service cannot be asked for a user's settings, so what
   * this machine set is what it knows of them (settings-log.ts keeps the print settings).
   */
  readonly settingsLog?: SettingsRecorder;
}

export interface CallEvent {
  readonly service: ServiceKey;
  readonly operation: string;
  /** The binding the call went over. */
  readonly binding: Binding;
  /** Why that is not the client's binding; set only when it is not. */
  readonly reason?: string;
  readonly attempt: number;
  readonly ms: number;
  /** The result code, when the service answered one. */
  readonly code?: number;
  /** The error's name, when the call failed. */
  readonly error?: string;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

export interface CallOptions {
  readonly signal?: AbortSignal;
  /** This call's whole budget, retries included, instead of the client's. */
  readonly timeoutMs?: number;
  /** Told of the bytes sent and received, for a progress display. */
  readonly onProgress?: (progress: Progress) => void;
  /** The file a send was made from, for the send log. */
  readonly source?: string;
  /**
   * For a letter made from a file: the SHA-256 of the file as written, for the send log, so that the
   * same letter sent drawn to PDF and sent as it is is one letter (a repeat).
   */
  readonly written?: string;
  /** The price the sender predicted (dollars), for the send log and the spending guards that read it. */
  readonly price?: number;
  /** A mail merge's rows, each its letter's key, for the send log (a repeat of a row is found by it). */
  readonly rows?: readonly string[];
  /** A send's last check, under the send log's lock (a daily budget, a repeat): what it throws refuses the send. See send-log.ts. */
  readonly admit?: SendAdmission;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** An operation's request without the credentials the client adds. */
export type CallRequest<S extends ServiceKey, O extends OperationName<S>> = Simplify<
  'APIKey' extends keyof RequestOf<S, O> ? Omit<RequestOf<S, O>, 'APIKey'> : Omit<RequestOf<S, O>, 'Username' | 'Password'>
>;

export type ServiceClient<S extends ServiceKey> = {
  readonly [O in OperationName<S>]: (request: CallRequest<S, O>, options?: CallOptions) => Promise<ResultOf<S, O>>;
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

/** How a send's failure goes in the send log: refused only when no mailer can have been made. */
function outcomeOf(error: unknown): SendOutcome {
  const reason = error instanceof Error ? error.message : String(error);
  if (mayHaveTakenEffect(error)) return { outcome: 'unknown', reason };
  return { outcome: 'refused', reason, ...(error instanceof MailWsError ? { code: error.code } : {}) };
}

export class MailWsClient {
  readonly simple: ServiceClient<'simple'>;
  readonly datedA: ServiceClient<'datedA'>;
  readonly datedB: ServiceClient<'datedB'>;
  readonly admin: ServiceClient<'admin'>;
  readonly endpoint: string;
  readonly binding: Binding;

  private readonly transport = new Transport();
  private readonly soap = new Map<'soap11' | 'soap12', SoapBinding>();
  private readonly nextAllowed = new Map<string, number>();
  private underWay = 0;
  /** Let go of: its connections close whenever no call is under way, now and after any later call. */
  private retired = false;

  constructor(private readonly options: ClientOptions) {
    this.endpoint = options.endpoint ?? DEFAULT_ENDPOINT;
    this.binding = options.binding ?? 'soap11';
    this.simple = this.serviceClient('simple');
    this.datedA = this.serviceClient('datedA');
    this.datedB = this.serviceClient('datedB');
    this.admin = this.serviceClient('admin');
  }

  /** A method per operation of the service, each a `call` of that operation. */
  private serviceClient<S extends ServiceKey>(key: S): ServiceClient<S> {
    const service = serviceByKey(key);
    const methods = service.operations.map(
      (op) => [op.name, (request: object, callOptions?: CallOptions) => this.call(op, request, callOptions)] as const,
    );
    return Object.fromEntries(methods) as unknown as ServiceClient<S>;
  }

  /** The binding a call goes over, and why when it is not the client's (see routeCall). */
  routeFor(op: Operation, request?: Readonly<Record<string, unknown>>): Route {
    return routeCall(this.binding, op, request);
  }

  private withCredentials(op: Operation, request: object): Record<string, unknown> {
    const { username, password, apiKey } = this.options.credentials;
    const takesApiKey = op.params.some((p) => p.name === 'APIKey');
    return takesApiKey ? { ...request, APIKey: apiKey } : { ...request, Username: username, Password: password };
  }

  private soapBinding(version: 'soap11' | 'soap12'): SoapBinding {
    let binding = this.soap.get(version);
    if (!binding) this.soap.set(version, (binding = new SoapBinding(version, this.endpoint, this.transport)));
    return binding;
  }

  private send(binding: Binding, op: Operation, request: Record<string, unknown>, settings: CallSettings): Promise<unknown> {
    return isSoapBinding(binding)
      ? this.soapBinding(binding).call(op, request, settings)
      : callHttp(this.transport, this.endpoint, binding, op, request, settings);
  }

  /** How long until this Get method may be called again; 0 when it may be now. */
  private paceWait(op: Operation): number {
    if ((this.options.minIntervalMs ?? 0) <= 0) return 0;
    return Math.max(0, (this.nextAllowed.get(op.name) ?? 0) - Date.now());
  }

  /** Books the slot of a call of this Get method that begins `wait` ms from now (never earlier than one booked). */
  private book(op: Operation, wait: number): void {
    const interval = this.options.minIntervalMs ?? 0;
    if (interval > 0) this.nextAllowed.set(op.name, Math.max(this.nextAllowed.get(op.name) ?? 0, Date.now() + wait + interval));
  }

  /** A result code the contract does not call a success as an error; otherwise the result. */
  private interpret(op: Operation, result: unknown): unknown {
    if (op.result.kind !== 'structure') {
      const code = result as number;
      if (!isSuccessCode(op, code)) throw new MailWsError(op.name, code);
      return code;
    }
    const { ResultCode: code, ResultDescription: description } = result as { ResultCode: number; ResultDescription?: string };
    if (!isSuccessCode(op, code)) throw new MailWsError(op.name, code, description === undefined ? {} : { description });
    return result;
  }

  /** Calls any operation; the typed methods above are this with the types filled in. */
  async call(op: Operation, request: object, callOptions: CallOptions = {}): Promise<unknown> {
    this.underWay++;
    try {
      return await this.perform(op, request, callOptions);
    } finally {
      if (--this.underWay === 0 && this.retired) this.close();
    }
  }

  /** A call from its check to its result: the attempts of a read, or a send's one. */
  private async perform(op: Operation, request: object, callOptions: CallOptions): Promise<unknown> {
    const full = this.withCredentials(op, request);
    // The route is found once the request is known good: the query's length needs its values written.
    let route = this.routeFor(op);
    const report = (attempt: number, started: number, outcome: { code?: number; error?: string }) =>
      this.options.onCall?.({ service: op.service.key, operation: op.name, ...route, attempt, ms: Date.now() - started, ...outcome });
    try {
      precheck(op, full);
    } catch (error) {
      report(0, Date.now(), { error: (error as Error).name, ...(error instanceof MailWsError ? { code: error.code } : {}) });
      throw error;
    }
    route = this.routeFor(op, full);
    // A budget is kept only over a send log: without one, the send is not made.
    if (operationEffect(op) === 'send' && callOptions.admit && !this.options.sendLog) {
      throw new SendLogError('Nothing was sent: a spending limit is kept over the send log, and this client has none.');
    }
    if (operationEffect(op) === 'send' && this.options.sendLog) {
      const answered = await this.options.sendLog.sending(
        describeSend(op, request as Record<string, unknown>, this.account(), callOptions),
        callOptions.admit,
      );
      return this.attempt(op, full, callOptions, route, report).then(
        async (result) => {
          await answered({
            outcome: 'sent',
            id: op.result.kind === 'structure' ? (result as { ResultCode: number }).ResultCode : (result as number),
          }).catch(
            // The mailer was made: its answer stands, and the log keeps "outcome unknown", which is still true of the log.
            () => undefined,
          );
          return result;
        },
        async (error: unknown) => {
          await answered(outcomeOf(error)).catch(() => undefined);
          throw error;
        },
      );
    }
    const result = await this.attempt(op, full, callOptions, route, report);
    if (op.name === 'SetUserSettings' && this.options.settingsLog) {
      // The settings changed whatever the log does: a recorder says its own failure, and never fails the call.
      await this.options.settingsLog
        .settingsSet({ endpoint: this.account().endpoint, request: request as Record<string, unknown> })
        .catch(() => undefined);
    }
    return result;
  }

  /** The account a send log names: the endpoint and the user, never a secret. */
  private account(): { endpoint: string; user: string } {
    // A URL's own user and password (https://jane:pw@host) never go into a log.
    const endpoint = this.endpoint.replace(/^(https?:\/\/)[^/@]*@/i, '$1');
    return { endpoint, user: this.options.credentials.username ?? '(API key)' };
  }

  /** The attempts of a checked call: a read's, with retries and pacing, or a send's one. */
  private async attempt(
    op: Operation,
    full: Record<string, unknown>,
    callOptions: CallOptions,
    route: Route,
    report: (attempt: number, started: number, outcome: { code?: number; error?: string }) => void,
  ): Promise<unknown> {
    const { binding } = route;
    const read = operationEffect(op) === 'read';
    const retry = this.options.retry ?? { attempts: 3, baseDelayMs: 500 };
    const attempts = read ? Math.max(1, retry.attempts) : 1;
    // One deadline for the whole call, set now: pacing, attempts and backoff all spend from it.
    const timeoutMs = callOptions.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const settings: CallSettings = {
      timeoutMs,
      deadline: Date.now() + timeoutMs,
      ...(this.options.maxResponseBytes === undefined ? {} : { maxResponseBytes: this.options.maxResponseBytes }),
      ...(callOptions.signal ? { signal: callOptions.signal } : {}),
      ...(callOptions.onProgress ? { onProgress: callOptions.onProgress } : {}),
    };
    let backoff = 0;
    let lastError: unknown;
    for (let attempt = 1; ; attempt++) {
      const wait = Math.max(backoff, read ? this.paceWait(op) : 0);
      // A retry that could not begin in time is not made: the last attempt's error stands.
      if (attempt > 1 && Date.now() + wait >= settings.deadline) throw lastError;
      if (wait > 0 && Date.now() + wait >= settings.deadline) {
        const slot = `the next ${op.name} the service allows is ${seconds(wait)} s away`;
        const description = `${slot}, past this call's ${seconds(timeoutMs)} s timeout`;
        const error = new MailWsError(op.name, RESULT.RateLimit, { local: true, description });
        report(0, Date.now(), { error: error.name, code: error.code });
        throw error;
      }
      if (read) this.book(op, wait);
      if (wait > 0) {
        await sleep(wait, callOptions.signal).catch(() => {
          throw new MailWsNetworkError(op.name, false, 'cancelled before it was sent');
        });
        // A timer that fired late moves the next slot with it: the service counts from arrivals.
        if (read) this.book(op, 0);
      }
      const started = Date.now();
      try {
        const result = this.interpret(op, await this.send(binding, op, full, settings));
        const code = op.result.kind === 'structure' ? (result as { ResultCode: number }).ResultCode : (result as number);
        report(attempt, started, { code });
        return result;
      } catch (error) {
        report(attempt, started, { error: (error as Error).name, ...(error instanceof MailWsError ? { code: error.code } : {}) });
        const rateLimited = error instanceof MailWsError && error.code === RESULT.RateLimit;
        const transient = (error instanceof MailWsNetworkError && !callOptions.signal?.aborted) || rateLimited;
        if (!read || !transient || attempt >= attempts) throw error;
        lastError = error;
        backoff = retry.baseDelayMs * 2 ** (attempt - 1);
        if (rateLimited) backoff = Math.max(backoff, retry.rateLimitDelayMs ?? 6000);
      }
    }
  }

  /** Lets go of kept-alive connections, cutting any call under way. Later calls open new ones. */
  close(): void {
    this.transport.close();
  }

  /**
   * Lets go of kept-alive connections once the calls under way have ended, and not before; a
   * caller that still holds this client and calls again leaves no connection open either.
   */
  closeWhenIdle(): void {
    this.retired = true;
    if (this.underWay === 0) this.close();
  }
}
