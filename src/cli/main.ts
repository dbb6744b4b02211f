/**
 * `mailroom`: the command line over the same contract and client as the extension.
 * Exit codes: 0 success, 1 a service result code or fault, 2 a usage mistake.
 */
import * as sandbox from './commands/sandbox';
import * as wsdl from './commands/wsdl';
import { EXIT_OK, EXIT_USAGE, UsageError } from './usage';

interface Command {
  readonly usage: string;
  run(args: readonly string[], out: NodeJS.WritableStream): void | Promise<void>;
}

const commands: Readonly<Record<string, Command>> = { sandbox, wsdl };

function help(): string {
  return ['Usage:', ...Object.values(commands).map((c) => `  ${c.usage}`)].join('\n') + '\n';
}

export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = commands[name];
  try {
    if (!command) throw new UsageError(`Unknown command "${name}"`);
    await command.run(args, process.stdout);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`mailroom: ${(error as Error).message}\n${help()}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`mailroom: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
