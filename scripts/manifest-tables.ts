/**
 * The tables of commands and settings in docs/extension.md, generated from the extension's
 * manifest (package.json's `contributes`, in the words of package.nls.json), so the guide names
 * every command and setting as VS Code shows them. `npm run docs` rewrites both blocks;
 * test/docs/extension-tables.test.ts fails when they are stale.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedBlock, markdownText, withBlock } from './generated-block';

export const EXTENSION_PAGE = join(__dirname, '..', 'docs', 'extension.md');
const SOURCE = "package.json's contributes and package.nls.json";

interface Setting {
  readonly type: string | readonly string[];
  readonly default: unknown;
  readonly enum?: readonly string[];
  readonly scope?: string;
  readonly description?: string;
  readonly markdownDescription?: string;
}

interface Manifest {
  readonly contributes: {
    readonly commands: readonly { readonly command: string; readonly title: string; readonly category?: string }[];
    readonly menus: Readonly<Record<string, readonly { readonly command: string; readonly when?: string }[]>>;
    readonly configuration: { readonly properties: Readonly<Record<string, Setting>> };
  };
  readonly capabilities: { readonly untrustedWorkspaces: { readonly restrictedConfigurations?: readonly string[] } };
}

const root = join(__dirname, '..');
const readJson = <T>(file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as T;

/** A manifest string in English: `%key%` looked up in package.nls.json. */
function words(text: string, nls: Readonly<Record<string, string>>): string {
  return text.replace(/^%(.+)%$/, (whole, key: string) => nls[key] ?? whole);
}

/** One table cell: plain text escaped (Markdown kept as it is), no line breaks, `|` escaped. */
function cell(text: string, isMarkdown = false): string {
  return (isMarkdown ? text : markdownText(text)).replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** Where VS Code offers a command, from the menus it is in. */
const MENUS: readonly (readonly [menu: string, where: string])[] = [
  ['commandPalette', 'Command Palette'],
  ['view/title', "a view's title bar"],
  ['view/item/context', "a row's menu"],
  ['editor/title', "the editor's title bar"],
  ['explorer/context', "the explorer's menu"],
];

function offeredIn(command: string, manifest: Manifest): string {
  const palette = manifest.contributes.menus.commandPalette?.find((entry) => entry.command === command);
  return MENUS.filter(([menu]) =>
    menu === 'commandPalette'
      ? palette?.when !== 'false'
      : (manifest.contributes.menus[menu] ?? []).some((entry) => entry.command === command),
  )
    .map(([, where]) => where)
    .join(', ');
}

export function commandsTable(manifest = readJson<Manifest>('package.json'), nls = readJson<Record<string, string>>('package.nls.json')) {
  const rows = manifest.contributes.commands.map(({ command, title, category }) => {
    const name = [category, title].filter((part) => part !== undefined).map((part) => words(part, nls));
    return `| ${cell(name.join(': '))} | \`${command}\` | ${offeredIn(command, manifest)} |`;
  });
  return generatedBlock('commands', SOURCE, ['| Command | ID | Offered in |', '|---|---|---|', ...rows].join('\n'));
}

/** Who may set a setting: VS Code's scope, and whether an untrusted workspace's value is ignored. */
function scopeText(name: string, setting: Setting, restricted: readonly string[]): string {
  const scope = { application: 'user', machine: 'user or remote', resource: 'any, per folder' }[setting.scope ?? ''] ?? 'any';
  return restricted.includes(name) ? `${scope}; restricted` : scope;
}

function defaultText(setting: Setting): string {
  const value = setting.default === null ? 'empty' : setting.default === '' ? 'empty' : `\`${JSON.stringify(setting.default)}\``;
  return setting.enum ? `${value} (${setting.enum.map((v) => `\`${v}\``).join(', ')})` : value;
}

export function settingsTable(manifest = readJson<Manifest>('package.json'), nls = readJson<Record<string, string>>('package.nls.json')) {
  const restricted = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations ?? [];
  const rows = Object.entries(manifest.contributes.configuration.properties).map(([name, setting]) => {
    // A markdownDescription's `#name#` is VS Code's link to another setting: here its name as code.
    const description =
      setting.markdownDescription === undefined
        ? cell(words(setting.description ?? '', nls))
        : cell(words(setting.markdownDescription, nls).replace(/`?#([\w.]+)#`?/g, '`$1`'), true);
    return `| \`${name}\` | ${defaultText(setting)} | ${scopeText(name, setting, restricted)} | ${description} |`;
  });
  return generatedBlock('settings', SOURCE, ['| Setting | Default | Set in | What it does |', '|---|---|---|---|', ...rows].join('\n'));
}

/** docs/extension.md with both tables made again. */
export function extensionPageGenerated(page: string): string {
  return withBlock(withBlock(page, 'docs/extension.md', 'commands', commandsTable()), 'docs/extension.md', 'settings', settingsTable());
}
