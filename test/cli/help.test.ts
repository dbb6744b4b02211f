/**
 * `mailroom --help` and `mailroom COMMAND --help` over the built command line: every command (a
 * file in src/cli/commands/) is listed, and its help says its usage, every flag of that usage, and
 * an example of itself, on standard output with exit code 0, without calling the service.
 */
import { strict as assert } from 'node:assert';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { mailroom } from '../helpers/cli';
import { projectRoot } from '../helpers/tools';

const commandNames = readdirSync(join(projectRoot, 'src', 'cli', 'commands'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -3));
/** Nothing listens here: a command that called the service instead of helping would fail. */
const nowhere = { MAILROOM_ENDPOINT: 'http://127.0.0.1:9' };

/** The lines under a heading ("Options:"), up to the next blank line. */
function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}
const flagsIn = (text: string) => new Set([...text.matchAll(/(?<![\w-])(--?[a-z][\w-]*)/g)].map((m) => m[1]!));

describe('mailroom --help', () => {
  it('lists every command with its usage line, and exits 0', async () => {
    assert.ok(commandNames.length >= 12, `found the commands (${commandNames.join(', ')})`);
    for (const asked of [['--help'], ['-h'], ['help']]) {
      const run = await mailroom(asked, { env: nowhere });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stderr, '');
      const listed = section(run.stdout, 'Commands:').map((line) => /^ {2}mailroom (\S+)/.exec(line)?.[1]);
      assert.deepEqual([...listed].sort(), [...commandNames].sort());
      assert.match(run.stdout, /mailroom COMMAND --help/);
    }
  });

  it('without a command prints the same list as a usage mistake (exit 2)', async () => {
    const run = await mailroom([], { env: nowhere });
    assert.equal(run.code, 2);
    assert.match(run.stdout, /^Usage: mailroom COMMAND/);
  });

  for (const name of commandNames) {
    it(`mailroom ${name} --help: its usage, flags and an example`, async () => {
      const run = await mailroom([name, '--help'], { env: nowhere });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stderr, '', 'nothing on standard error: no call was made');
      const text = run.stdout;
      const usage = new RegExp(`^Usage: (mailroom ${name}\\b.*)\\n\\n\\S`).exec(text)?.[1];
      assert.ok(usage, `starts with its usage line:\n${text}`);

      const options = section(text, 'Options:');
      const globals = section(text, 'Global options:');
      const documented = flagsIn([...options, ...globals].map((line) => line.trim().split(/ {2,}/)[0]).join(' '));
      for (const flag of flagsIn(usage)) assert.ok(documented.has(flag), `${flag} of the usage line is explained:\n${text}`);
      for (const line of options) {
        const [flags, what] = line.trim().split(/ {2,}/);
        assert.ok(what && what.length > 5, `"${line}" says what it does`);
        const spelled = [...flagsIn(flags!)];
        if (spelled.length > 0)
          assert.ok(
            spelled.some((flag) => flagsIn(usage).has(flag)),
            `${flags} is in the usage line`,
          );
      }

      const examples = section(text, /\nExamples:\n/.test(text) ? 'Examples:' : 'Example:');
      assert.ok(examples.length > 0, `has an example:\n${text}`);
      for (const example of examples) assert.match(example, new RegExp(`^ {2}mailroom ${name}( |$)`));

      const again = await mailroom(['help', name], { env: nowhere });
      assert.equal(again.stdout, text, `mailroom help ${name} says the same`);
    });
  }

  it('helps wherever --help stands, before a --, and sends nothing', async () => {
    const run = await mailroom(['send', 'letter.pdf', '--mode', 'Production', '--help'], { env: nowhere });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Usage: mailroom send /);
    const value = await mailroom(['status', '1', '--', '--help'], { env: nowhere });
    assert.equal(value.code, 2, 'after --, --help is an argument');
    assert.match(value.stderr, /"--help" is not an ID/);
  });
});
