/**
 * What can go wrong with a call, in words that say what happened and what to do. No error carries
 * the request, so no password or API key can travel inside one: a network error names where the
 * call went by scheme, host and path only (HTTP GET's query holds the password).
 */
import { describeResultCode, effectOfOperationNamed, isWarningCode, RECIPIENT_FIELD_LABELS, RESULT } from '../contract';

/** What to do about the codes people meet most. */
const HINTS: Readonly<Record<number, string>> = {
  [RESULT.NotAuthorized]: 'the mailer belongs to another account, or to nobody you may see',
  [RESULT.UserBlocked]: "ask the account's administrator to unblock the user",
  [RESULT.NotAuthenticated]: 'check the username and password, or the API key',
  [RESULT.FileExtensionNotSupported]: 'send PDF, DOC, DOCX or HTML; convert text to HTML first',
  [RESULT.NoFunds]: 'add funds to the account',
  [RESULT.PdfNotAvailable]: 'the PDF exists once the mailer is printed; try again in a little while',
  [RESULT.CancellationDenied]: 'the mailer was already handed to the postal service, or cancelled',
  [RESULT.NoData]: 'nothing matched the query',
  [RESULT.NoSuchItemId]: 'check the ID',
  [RESULT.RateLimit]: 'the service allows one call of each Get method every 6 seconds; wait and try again',
  [RESULT.InvalidIds]: 'use one ID, a range like 1021984-1021994, or a comma list',
};

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * An address field too long, for people: the field as they typed it ("the name", not
 * AttentionLine1) and the limit. The meaning keeps the contract's words for logs and scripts.
 */
function tooLongInWords(meaning: string): string | undefined {
  const [, field, limit] = /^(\w+) longer than (\d+)$/.exec(meaning) ?? [];
  const label = field && (RECIPIENT_FIELD_LABELS as Readonly<Record<string, string>>)[field];
  return label ? `${label.charAt(0).toLowerCase()}${label.slice(1)} is longer than the ${limit} characters the service takes` : undefined;
}

/** Hints that explain the meaning again rather than say what to do: left out of the words for people. */
const RESTATING = new Set([RESULT.CancellationDenied, RESULT.NoData]);

/**
 * Every error a call of the client throws: catch this one type. `operation` is the operation's
 * name as the contract writes it (`GetStatus`); `name` says which kind of failure it is. `message`
 * is for logs and scripts (the operation and the code first); `inWords` is for people: what
 * happened and what to do, once, without the operation's name.
 */
export abstract class MailWsFailure extends Error {
  constructor(
    readonly operation: string,
    message: string,
    readonly inWords: string,
    options?: { readonly cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The service (or the client's check before sending) answered a result code the contract does
 * not call a success: a negative code.
 */
export class MailWsError extends MailWsFailure {
  override readonly name = 'MailWsError';
  /** The facts' meaning of the code. */
  readonly meaning: string;
  /** Found by the client's own check, before anything was sent. */
  readonly local: boolean;
  /** The mail merge's ResultDescription, if it gave one. */
  readonly description: string | undefined;

  constructor(
    operation: string,
    readonly code: number,
    options: {
      /** Found by the client's own check, before anything was sent. */
      readonly local?: boolean;
      /** The mail merge's ResultDescription. */
      readonly description?: string;
    } = {},
  ) {
    const meaning = describeResultCode(code);
    const hint = HINTS[code];
    const said = options.description ?? meaning;
    const words = options.description ?? tooLongInWords(meaning) ?? meaning;
    super(
      operation,
      `${operation} ${options.local ? 'was not sent' : 'answered'} ${code}: ${said}${hint && !RESTATING.has(code) ? `; ${hint}` : ''}`,
      `${options.local ? `Nothing was sent: ${words}` : sentence(words)}${hint && !RESTATING.has(code) ? `; ${hint}` : ''}.`,
    );
    this.meaning = meaning;
    this.local = options.local ?? false;
    this.description = options.description;
  }

  /** -3115 and -3116 are warnings: nothing was found (the contract's WARNING_CODES). */
  get isWarning(): boolean {
    return isWarningCode(this.code);
  }
}

/** The service refused the request itself: a SOAP fault, or HTTP GET/POST's plain-text 500. */
export class MailWsFault extends MailWsFailure {
  override readonly name = 'MailWsFault';
  constructor(
    operation: string,
    /** `soap:Client`, `soap:Sender`, … or `HTTP <status>`. */
    readonly faultCode: string,
    readonly reason: string,
    readonly httpStatus: number,
  ) {
    super(operation, `${operation} failed with ${faultCode}: ${reason}`, faultInWords(faultCode, reason, httpStatus));
  }
}

/** Whose the fault is: the request's (soap:Client, soap:Sender), the service's (soap:Server), or the way there (HTTP). */
const blamesRequest = (faultCode: string) => /^(soap\d*:)?(Client|Sender)$/i.test(faultCode);

function faultInWords(faultCode: string, reason: string, httpStatus: number): string {
  if (blamesRequest(faultCode) || (httpStatus >= 400 && httpStatus < 500)) return `The service refused the request: ${reason}`;
  if (/^HTTP /.test(faultCode)) return `The service, or a gateway in front of it, answered HTTP ${httpStatus}: ${reason}`;
  return `The service failed while handling the request: ${reason}`;
}

/** A value the contract does not allow, found before sending (an enum value, a type). */
export class MailWsInputError extends MailWsFailure {
  override readonly name = 'MailWsInputError';
  constructor(
    operation: string,
    readonly field: string,
    reason: string,
  ) {
    super(operation, `${operation}: ${field} ${reason}`, `Nothing was sent: ${field} ${reason}.`);
  }
}

/**
 * Where a request went, fit to show: scheme, host, port and path only. The user name and password
 * a URL may hold and its query (where HTTP GET carries the Password and APIKey) are left out.
 */
export function endpointOf(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname}`;
  } catch {
    return 'an address that is not a URL';
  }
}

const hostOf = (endpoint: string | undefined) => {
  try {
    return endpoint && new URL(endpoint).host;
  } catch {
    return undefined;
  }
};

/**
 * The network failed. `mayHaveReached` says whether the request may have reached the service:
 * false when it was never sent (the connection was refused), true when it had left. After a send,
 * true means the outcome is unknown: look the mailer up before sending again (a read has none: it
 * changed nothing, and is said so). `endpoint` is where
 * it went, without credentials or query (see endpointOf).
 */
export class MailWsNetworkError extends MailWsFailure {
  override readonly name = 'MailWsNetworkError';
  readonly endpoint: string | undefined;
  constructor(
    operation: string,
    readonly mayHaveReached: boolean,
    reason: string,
    options: { readonly url?: string; readonly cause?: unknown } = {},
  ) {
    const endpoint = options.url === undefined ? undefined : endpointOf(options.url);
    const effect = effectOfOperationNamed(operation);
    // A read that got no answer changed nothing: only a send or a change has an outcome to be unsure of.
    const outcome = !mayHaveReached
      ? 'the request did not reach the service'
      : effect === 'read'
        ? 'the request may have reached the service, but a read changes nothing: try it again'
        : `the request may have reached the service, so its outcome is unknown${effect === 'send' ? ': look the mailer up before sending again' : ''}`;
    super(
      operation,
      `${operation}${endpoint ? ` at ${endpoint}` : ''}: ${reason}; ${outcome}`,
      `${hostOf(endpoint) ? `At ${hostOf(endpoint)}, ${reason}` : sentence(reason)}; ${outcome}.`,
      { cause: options.cause },
    );
    this.endpoint = endpoint;
  }
}

/** An answer the client cannot read: not XML, not the expected element, the wrong content type. */
export class MailWsResponseError extends MailWsFailure {
  override readonly name = 'MailWsResponseError';
  constructor(operation: string, reason: string) {
    super(operation, `${operation}: the answer could not be read: ${reason}`, `The service's answer could not be read: ${reason}.`);
  }
}

/**
 * Whether a failed call may still have done its work, so that a send must not be made again
 * until the mailer is looked up. It surely did not when the service answered a result code, the
 * client refused a value before sending, the request never left, or a fault blames the request
 * itself (`soap:Client`, `soap:Sender`) or an HTTP 4xx refused it. It may have when the request left and no answer said so:
 * the connection cut after it left, an answer that could not be read, and a fault of the server
 * (`soap:Server`, `soap:Receiver`) or of whatever stands in front of it (HTTP 5xx, a gateway's
 * 502–504 among them), which may come after the work was done.
 */
export function mayHaveTakenEffect(error: unknown): boolean {
  if (error instanceof MailWsNetworkError) return error.mayHaveReached;
  if (error instanceof MailWsResponseError) return true;
  if (error instanceof MailWsFault) {
    if (blamesRequest(error.faultCode)) return false;
    return error.httpStatus < 400 || error.httpStatus >= 500;
  }
  return false;
}
