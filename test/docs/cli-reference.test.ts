/**
 * docs/cli.md's reference is the command line's own help: its generated blocks are what
 * scripts/cli-reference.ts makes now from each command's `usage` and `help`, every command in
 * src/cli/commands/ has its section, and the page, once rendered, says word for word what
 * `mailroom --help` and `mailroom COMMAND --help` say (so no Markdown escaping changed a word).
 */
import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { CLI_PAGE, cliPageGenerated } from '../../scripts/cli-reference';
import { overview } from '../../src/cli/help';
import { commands } from '../../src/cli/main';
import { projectRoot } from '../helpers/tools';

const page = readFileSync(CLI_PAGE, 'utf8');
const tokens = new MarkdownIt().parse(page, {});
type Token = (typeof tokens)[number];
const commandFiles = readdirSync(join(projectRoot, 'src', 'cli', 'commands'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.slice(0, -3));

/** An inline token's text as a reader sees it: code spans' text kept, emphasis and links' marks gone. */
function plain(token: Token): string {
  return (token.children ?? [])
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : child.type === 'softbreak' ? '\n' : ''))
    .join('');
}

/** The tokens of the section under the heading `### mailroom NAME`, up to the next heading. */
function sectionOf(name: string): Token[] {
  const start = tokens.findIndex((t, i) => t.type === 'heading_open' && t.tag === 'h3' && tokens[i + 1]?.content === `mailroom ${name}`);
  if (start < 0) return [];
  const end = tokens.findIndex((t, i) => i > start + 2 && t.type === 'heading_open');
  return tokens.slice(start + 3, end < 0 ? undefined : end);
}

const withoutBackticks = (text: string) => text.replace(/`/g, '');

describe('docs/cli.md: the command line reference', () => {
  it('is the one generated from the commands’ help (run `npm run docs` after changing a help)', () => {
    assert.equal(page, cliPageGenerated(page));
  });

  it('has a section for every command in src/cli/commands/, and no other', () => {
    const sections = tokens
      .filter((t, i) => t.type === 'inline' && tokens[i - 1]?.tag === 'h3' && t.content.startsWith('mailroom '))
      .map((t) => t.content.slice('mailroom '.length));
    assert.deepEqual([...sections].sort(), [...commandFiles].sort());
  });

  it('shows `mailroom --help` word for word', () => {
    const fences = tokens.filter((t) => t.type === 'fence').map((t) => t.content);
    assert.ok(fences.includes(overview(Object.values(commands))), 'a code block holds the overview as the terminal prints it');
  });

  for (const name of commandFiles) {
    it(`says what \`mailroom ${name} --help\` says`, () => {
      const command = commands[name];
      assert.ok(command, `${name} is a command of src/cli/main.ts`);
      const section = sectionOf(name);
      const fences = section.filter((t) => t.type === 'fence').map((t) => t.content);
      assert.equal(fences[0], `${command.usage}\n`, 'the usage line first');
      assert.equal(fences.at(-1), `${command.help.examples.join('\n')}\n`, 'the examples last');
      const texts = section.filter((t) => t.type === 'inline').map(plain);
      assert.ok(texts.includes(withoutBackticks(command.help.summary)), `the summary, word for word:\n${texts.join('\n')}`);
      for (const [flag, what] of command.help.options)
        assert.ok(texts.includes(withoutBackticks(`${flag}: ${what}`)), `${flag} and what it does, word for word`);
      assert.equal(
        texts.some((text) => text.includes('global options')),
        command.help.global,
        'points at the global options when it takes them',
      );
    });
  }
});
