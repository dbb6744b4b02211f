/**
 * The options every command takes, before or after its name (`mailroom --profile work status 1`):
 * one table, which the argument parser (arguments.ts) and the command finder (main.ts) read.
 */
export const GLOBAL_OPTIONS = {
  profile: { type: 'string' },
  endpoint: { type: 'string' },
  binding: { type: 'string' },
  user: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
} as const;

export interface GlobalValues {
  readonly profile?: string | undefined;
  readonly endpoint?: string | undefined;
  readonly binding?: string | undefined;
  readonly user?: string | undefined;
  readonly timeout?: string | undefined;
  readonly json?: boolean | undefined;
  readonly verbose?: boolean | undefined;
}
