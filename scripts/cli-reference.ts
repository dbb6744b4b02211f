/**
 * The reference part of docs/cli.md, generated from the command line's own help: `mailroom --help`
 * as the terminal prints it, and each command's usage, summary, options and examples from the
 * `usage` and `help` its module in src/cli/commands/ exports (the same ones `mailroom COMMAND
 * --help` prints, src/cli/help.ts). The modules are imported, not the built CLI run, so no build is
 * needed. `npm run docs` rewrites both blocks; test/docs/cli-reference.test.ts fails when they are
 * stale or a command is missing.
 */
import { join } from 'node:path';
import { overview } from '../src/cli/help';
import { commands } from '../src/cli/main';
import { generatedBlock, markdownText, withBlock } from './generated-block';

export const CLI_PAGE = join(__dirname, '..', 'docs', 'cli.md');
const SOURCE = 'the help in src/cli/commands';

/** `mailroom --help`, word for word. */
export function cliOverview(): string {
  return generatedBlock('cli-overview', SOURCE, ['```text', overview(Object.values(commands)).trimEnd(), '```'].join('\n'));
}

/** One section per command: its usage line, what it does, its options and its examples. */
export function cliCommands(): string {
  const sections = Object.entries(commands).map(([name, { usage, help }]) =>
    [
      `### mailroom ${name}`,
      '',
      '```text',
      usage,
      '```',
      '',
      markdownText(help.summary),
      ...(help.options.length > 0 ? ['', ...help.options.map(([flag, what]) => `- \`${flag}\`: ${markdownText(what)}`)] : []),
      ...(help.global ? ['', 'It takes the [global options](#global-options).'] : []),
      '',
      help.examples.length === 1 ? 'Example:' : 'Examples:',
      '',
      '```sh',
      ...help.examples,
      '```',
    ].join('\n'),
  );
  return generatedBlock('cli-commands', SOURCE, sections.join('\n\n'));
}

/** docs/cli.md with both generated blocks made again. */
export function cliPageGenerated(page: string): string {
  return withBlock(withBlock(page, 'docs/cli.md', 'cli-overview', cliOverview()), 'docs/cli.md', 'cli-commands', cliCommands());
}
