/**
 * `npm run docs`: makes the generated parts of the docs again, in place: the service operations
 * in docs/architecture.md (from src/contract), the command line's reference in docs/cli.md (from
 * each command's help) and the extension's commands and settings in docs/extension.md (from the
 * manifest). Everything around them is written by hand. The tests in test/docs/ fail when a page's
 * generated part differs from what this makes now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { CLI_PAGE, cliPageGenerated } from './cli-reference';
import { EXTENSION_PAGE, extensionPageGenerated } from './manifest-tables';
import { ARCHITECTURE, architectureWithTable } from './operations-table';

const pages: readonly (readonly [file: string, generate: (page: string) => string])[] = [
  [ARCHITECTURE, architectureWithTable],
  [CLI_PAGE, cliPageGenerated],
  [EXTENSION_PAGE, extensionPageGenerated],
];

for (const [file, generate] of pages) {
  const page = readFileSync(file, 'utf8');
  const made = generate(page);
  if (made !== page) writeFileSync(file, made);
  console.log(`${relative(process.cwd(), file)}: ${made === page ? 'unchanged' : 'rewritten'}`);
}
