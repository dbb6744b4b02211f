/**
 * package.json against the extension's typed lists, without VS Code: the commands it contributes
 * against commands/ids.ts, every command its menus, links and walkthrough name, and every context
 * key its `when` clauses read against context-keys.ts; every word of it a person reads comes from
 * package.nls.json. Plus the words a failing command shows.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { LETTER_DOCUMENT_TYPES, MailWsError, MailWsNetworkError } from '../../src/client';
import { postcardFileTypes } from '../../src/contract';
import { couldNot, logLine } from '../../src/extension/model/failure-words';
import { COMMANDS, MAILROOM_COMMANDS, type MailroomCommand } from '../../src/extension/commands/ids';
import { BUILT_IN_CONTEXT_KEYS, MAILROOM_CONTEXT_KEYS, VIEW_IDS, VIEW_ITEMS } from '../../src/extension/context-keys';

interface Manifest {
  readonly contributes: {
    readonly commands: readonly { readonly command: string }[];
    readonly viewsWelcome: readonly { readonly view: string; readonly when?: string; readonly contents: string }[];
    readonly views: Readonly<Record<string, readonly { readonly id: string }[]>>;
    readonly menus: Readonly<Record<string, readonly { readonly command: string; readonly when?: string }[]>>;
  } & Record<string, unknown>;
}

const readJson = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8'));
/** package.json as written, its words as `%key%`s. */
const written = readJson('package.json');
/** The English words of package.json (VS Code's l10n of the manifest), key by key. */
const words = readJson('package.nls.json') as Readonly<Record<string, unknown>>;
const nlsKey = /^%([^%\s]+)%$/;

/** package.json as VS Code reads it: each `%key%` replaced by its words (unknown keys left as they are). */
function resolved(value: unknown): unknown {
  if (typeof value === 'string') {
    const key = nlsKey.exec(value)?.[1];
    return key !== undefined && typeof words[key] === 'string' ? words[key] : value;
  }
  if (Array.isArray(value)) return value.map(resolved);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v)]));
  return value;
}

const manifest = resolved(written) as Manifest;
const { contributes } = manifest;
const listed = new Set<string>(MAILROOM_COMMANDS);
const contributedViews = Object.values(contributes.views).flatMap((views) => views.map((view) => view.id));
/** VS Code makes `<view>.focus` for each contributed view. */
const knownCommands = new Set([...listed, ...contributedViews.map((id) => `${id}.focus`)]);

/** Every [path, value] under a JSON value, the path as dotted keys. */
function* walk(value: unknown, path = ''): Generator<[string, unknown]> {
  yield [path, value];
  if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) yield* walk(child, path ? `${path}.${key}` : key);
}
const strings = [...walk(contributes)].filter((entry): entry is [string, string] => typeof entry[1] === 'string');

/** A `when` clause's terms: [key, operator, value], regular expressions left as they are written. */
function terms(clause: string): [string, string | undefined, string | undefined][] {
  const found: [string, string | undefined, string | undefined][] = [];
  const term = /([A-Za-z][\w.]*)\s*(==|!=|=~|<=|>=|<|>|\bnot in\b|\bin\b)?\s*([^\s&|()!]+)?/g;
  // Regular expressions first, as their own characters (|, (, !) are no operators.
  const patterns: string[] = [];
  const plain = clause.replace(/=~\s*(\/(?:\\.|[^/])*\/[a-z]*)/g, (_, re: string) => `=~ @${patterns.push(re) - 1}`);
  for (const part of plain.split(/&&|\|\||[()!]/)) {
    const text = part.trim();
    if (!text) continue;
    term.lastIndex = 0;
    const match = term.exec(text);
    assert.ok(match && match.index === 0, `cannot read the term "${text}" of "${clause}"`);
    const [, key, operator, value] = match;
    found.push([key!, operator, operator === '=~' ? patterns[Number(value!.slice(1))] : operator ? value : undefined]);
  }
  return found;
}

describe('package.json against the typed commands and context keys', () => {
  it('contributes every listed command, and lists every contributed one', () => {
    const contributed = contributes.commands.map((c) => c.command);
    assert.deepEqual(
      contributed.filter((id) => !listed.has(id)),
      [],
      'contributed but not in commands/ids.ts',
    );
    assert.deepEqual(
      MAILROOM_COMMANDS.filter((id) => !contributed.includes(id)),
      [],
      'in commands/ids.ts but not contributed',
    );
    assert.equal(new Set(contributed).size, contributed.length, 'a command contributed twice');
  });

  it("gives Preview Before Sending an icon of its own, not Markdown's Open Preview to the Side (issue 25, part 10)", () => {
    const commands = (written as Manifest).contributes.commands as readonly { command: string; icon?: string }[];
    const icon = commands.find((c) => c.command === 'mailroom.previewBeforeSending')?.icon;
    assert.ok(icon && icon !== '$(open-preview)', `its icon: ${icon}`);
  });

  it('names only known commands in menus, keybindings, links and the walkthrough', () => {
    const named: [string, string][] = [];
    for (const [path, text] of strings) {
      if (/\.command$/.test(path) && !path.startsWith('commands.')) named.push([path, text]);
      for (const link of text.matchAll(/\(command:([\w.-]+)/g)) named.push([path, link[1]!]);
      for (const event of text.matchAll(/^onCommand:([\w.-]+)$/g)) named.push([path, event[1]!]);
    }
    assert.ok(named.length > 30, `found the menus and links (${named.length})`);
    assert.deepEqual(
      named.filter(([, id]) => !knownCommands.has(id)),
      [],
      'commands that do not exist',
    );
    for (const [path, text] of strings) {
      const view = /^onView:(.+)$/.exec(text)?.[1];
      if (view) assert.ok(contributedViews.includes(view), `${path}: no view ${view}`);
      const key = /^onContext:(.+)$/.exec(text)?.[1];
      if (key) assert.ok(key in MAILROOM_CONTEXT_KEYS, `${path}: no context key ${key}`);
    }
  });

  it('passes a row or a file only to commands that take it from the workbench', () => {
    const passing = ['view/item/context', 'explorer/context', 'editor/title'];
    for (const menu of passing) {
      for (const { command } of contributes.menus[menu] ?? []) {
        assert.ok(COMMANDS[command as MailroomCommand].workbenchArguments > 0, `${menu} passes ${command} an argument it drops`);
      }
    }
  });

  it('reads only known context keys, views and rows in every when clause', () => {
    const keys = new Set<string>([...Object.keys(MAILROOM_CONTEXT_KEYS), ...BUILT_IN_CONTEXT_KEYS]);
    const values: Readonly<Record<string, readonly string[]>> = { view: VIEW_IDS, viewItem: VIEW_ITEMS };
    const clauses = strings.filter(([path]) => /(^|\.)(when|enablement)$/.test(path));
    assert.ok(clauses.length > 20, `found the clauses (${clauses.length})`);
    for (const [path, clause] of clauses) {
      for (const [key, operator, value] of terms(clause)) {
        if (!operator && (key === 'true' || key === 'false')) continue;
        assert.ok(keys.has(key), `${path}: "${clause}" reads ${key}, not a known context key (src/extension/context-keys.ts)`);
        const allowed = values[key];
        if (!allowed || value === undefined) continue;
        if (operator === '=~') {
          const [, source, flags] = /^\/(.*)\/([a-z]*)$/.exec(value)!;
          const re = new RegExp(source!, flags);
          assert.ok(
            allowed.some((v) => re.test(v)),
            `${path}: ${value} matches no ${key}`,
          );
        } else {
          assert.ok(allowed.includes(value), `${path}: ${key} is never ${value} (known: ${allowed.join(', ')})`);
        }
      }
    }
    assert.deepEqual([...VIEW_IDS].sort(), [...contributedViews].sort(), 'context-keys.ts lists the contributed views');
  });

  it('reads a misspelt key or row as unknown', () => {
    assert.deepEqual(terms('view == mailroom.mailers && viewItem =~ /^mailer/ && !mailroom.conected'), [
      ['view', '==', 'mailroom.mailers'],
      ['viewItem', '=~', '/^mailer/'],
      ['mailroom.conected', undefined, undefined],
    ]);
    assert.ok(!('mailroom.conected' in MAILROOM_CONTEXT_KEYS));
  });
});

/** Each `x?` of a pattern's alternative spelt out: `docx?` → doc, docx. */
function spelt(alternative: string): string[] {
  assert.match(alternative, /^([a-z0-9]\??)+$/, `an extension pattern this test can read: ${alternative}`);
  let words = [''];
  for (const [, letter, optional] of alternative.matchAll(/([a-z0-9])(\?)?/g)) {
    words = words.flatMap((word) => (optional ? [word, word + letter!] : [word + letter!]));
  }
  return words;
}

/** The extensions a clause's `resourceExtname =~ /^\.(a|bc?|…)$/i` offers, and the clause's own regular expression. */
function offeredExtensions(clause: string): { extensions: string[]; re: RegExp } {
  const pattern = terms(clause).find(([key, operator]) => key === 'resourceExtname' && operator === '=~')?.[2];
  assert.ok(pattern, `"${clause}" reads resourceExtname`);
  const [, source, flags] = /^\/(.*)\/([a-z]*)$/.exec(pattern)!;
  assert.equal(flags, 'i', `${pattern}: any case (Invoice.PDF)`);
  const alternatives = /^\^\\\.\(([^()]*)\)\$$/.exec(source!)?.[1];
  assert.ok(alternatives !== undefined, `${pattern} reads as /^\\.(a|b|…)$/i`);
  return { extensions: alternatives.split('|').flatMap(spelt).sort(), re: new RegExp(source!, flags) };
}

/** A menu's entries for one command. */
const entries = (menu: string, command: MailroomCommand) => (contributes.menus[menu] ?? []).filter((item) => item.command === command);

/** A welcome's lines: its paragraphs and its buttons (a line that is one `[title](command:…)` link). */
const BUTTON = /^\[[^\]]+\]\(command:([\w.-]+)\)$/;

describe('what the manifest offers, against the code', () => {
  it('offers Send Current Document, Preview Before Sending and Send Letter (Advanced) on exactly the files a letter is made from', () => {
    const expected = [...LETTER_DOCUMENT_TYPES].sort();
    const menus: [string, MailroomCommand][] = [
      ['editor/title', 'mailroom.sendDocument'],
      ['editor/title', 'mailroom.previewBeforeSending'],
      ['explorer/context', 'mailroom.sendDocument'],
      ['explorer/context', 'mailroom.sendAdvanced'],
    ];
    // Files of other kinds, and of the other send commands, that must not be offered.
    const others = ['png', 'jpg', 'jpeg', 'gif', 'csv', 'xlsx', 'json', 'pages', 'mdx', 'htmlx', 'pdfx', ...postcardFileTypes];
    for (const [menu, command] of menus) {
      const found = entries(menu, command);
      assert.equal(found.length, 1, `${menu} offers ${command} once`);
      const clause = found[0]!.when ?? '';
      const { extensions, re } = offeredExtensions(clause);
      assert.deepEqual(extensions, expected, `${menu} ${command}: the extensions of "${clause}", against the letter documents' types`);
      for (const type of [...expected, ...others]) {
        const offered = expected.includes(type);
        assert.equal(re.test(`.${type}`), offered, `${menu} ${command} on .${type}`);
        assert.equal(re.test(`.${type.toUpperCase()}`), offered, `${menu} ${command} on .${type.toUpperCase()}`);
      }
      if (menu === 'explorer/context') assert.match(clause, /!explorerResourceIsFolder &&/, `${menu} ${command}: not on a folder`);
    }
  });

  it('reads the extensions of a clause as written, its optional letters spelt out', () => {
    assert.deepEqual(offeredExtensions('resourceExtname =~ /^\\.(pdf|docx?|jpe?g)$/i').extensions, ['doc', 'docx', 'jpeg', 'jpg', 'pdf']);
    assert.throws(() => offeredExtensions('resourceExtname =~ /^\\.(pdf|doc[xm])$/i'), /an extension pattern this test can read/);
  });

  it('puts each paragraph of a welcome right above the button it explains', () => {
    assert.ok(contributes.viewsWelcome.length >= 2, 'the welcomes');
    for (const { view, when, contents } of contributes.viewsWelcome) {
      const lines = contents.split('\n').map((line) => line.trim());
      const buttons = lines.flatMap((line, i) => (BUTTON.test(line) ? [i] : []));
      assert.ok(buttons.length > 0, `${view} (${when}): a button`);
      for (const i of buttons) {
        const above = lines[i - 1];
        assert.ok(
          above !== undefined && above !== '' && !BUTTON.test(above),
          `${view} (${when}): "${lines[i]}" has a paragraph of its own above it`,
        );
      }
      assert.equal(buttons.at(-1), lines.length - 1, `${view} (${when}): no paragraph under the last button, explaining nothing`);
    }
    // Signed out: each way in is explained above its own button, not under the other's.
    const signedOut = contributes.viewsWelcome
      .find((w) => w.view === 'mailroom.mailers' && w.when === '!mailroom.connected')!
      .contents.split('\n');
    const above = (command: MailroomCommand) => signedOut[signedOut.findIndex((line) => BUTTON.exec(line)?.[1] === command) - 1] ?? '';
    assert.match(above('mailroom.useSandbox'), /without an account/);
    assert.match(above('mailroom.connect'), /your account/);
  });

  it('says in an empty Stored Files view that nothing is stored, and how to upload', () => {
    const empty = contributes.viewsWelcome.filter((w) => w.view === 'mailroom.storedFiles');
    assert.equal(empty.length, 1, 'one welcome for the Stored Files view');
    const { when, contents } = empty[0]!;
    // Only once the service has said that there are none: not while listing, nor when the listing failed.
    assert.equal(when, 'mailroom.noStoredFiles');
    assert.ok('mailroom.noStoredFiles' in MAILROOM_CONTEXT_KEYS);
    assert.match(contents, /^Nothing is stored on the service yet\./);
    assert.match(contents, /Right-click a file in the Explorer and choose Upload to Mail Service/);
    assert.deepEqual(
      contents.split('\n').flatMap((line) => BUTTON.exec(line)?.[1] ?? []),
      ['mailroom.uploadFile'],
    );
  });
});

/**
 * Where package.json holds words a person reads (the Marketplace, the command palette, views,
 * settings, the walkthrough, the Restricted Mode dialog), as dotted paths of walk().
 */
const USER_FACING = [
  /^(displayName|description)$/,
  /^contributes\.viewsContainers\.[^.]+\.\d+\.title$/,
  /^contributes\.views\.[^.]+\.\d+\.(name|contextualTitle)$/,
  /^contributes\.viewsWelcome\.\d+\.contents$/,
  /^contributes\.commands\.\d+\.(title|shortTitle|category)$/,
  /^contributes\.configuration\.title$/,
  /^contributes\.configuration\.properties\..+\.(description|markdownDescription|(markdown)?[dD]eprecationMessage)$/,
  /^contributes\.configuration\.properties\..+\.(enumDescriptions|markdownEnumDescriptions)\.\d+$/,
  /^contributes\.walkthroughs\.\d+\.(title|description)$/,
  /^contributes\.walkthroughs\.\d+\.steps\.\d+\.(title|description|media\.altText)$/,
  /^capabilities\.[^.]+\.description$/,
];

describe('the manifest in package.nls.json', () => {
  const all = [...walk(written)].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const userFacing = all.filter(([path]) => USER_FACING.some((re) => re.test(path)));

  it('leaves no word a person reads written in package.json', () => {
    assert.ok(userFacing.length > 45, `found the user-facing strings (${userFacing.length})`);
    assert.deepEqual(
      userFacing.filter(([, text]) => !nlsKey.test(text)),
      [],
      'user-facing strings written in package.json instead of package.nls.json',
    );
  });

  it('finds every %key% of package.json in package.nls.json, and every key there is used', () => {
    const named = all.flatMap(([path, text]) => {
      const key = nlsKey.exec(text)?.[1];
      return key === undefined ? [] : [[path, key] as const];
    });
    assert.deepEqual(
      named.filter(([, key]) => typeof words[key] !== 'string' || words[key] === ''),
      [],
      'keys with no words in package.nls.json',
    );
    const used = new Set(named.map(([, key]) => key));
    assert.deepEqual(
      Object.keys(words).filter((key) => !used.has(key)),
      [],
      'keys in package.nls.json that package.json never names',
    );
    assert.deepEqual(
      all.filter(([, text]) => /%[\w.-]+%/.test(text) && !nlsKey.test(text)),
      [],
      'a %key% inside a longer string, which VS Code does not replace',
    );
  });

  it('reads a word left in package.json, and a key with no words, as such', () => {
    const literal: [string, string] = ['contributes.commands.3.title', 'Send Current Document as Letter'];
    assert.ok(USER_FACING.some((re) => re.test(literal[0])) && !nlsKey.test(literal[1]));
    assert.ok(USER_FACING.some((re) => re.test('contributes.configuration.properties.mailroom.endpoint.markdownDescription')));
    assert.equal(resolved('%no.such.key%'), '%no.such.key%');
  });
});

describe('settings that guard money', () => {
  it('lets no workspace turn off the Production confirmation: mailroom.confirmProduction is a user (application) setting', () => {
    const properties = (manifest.contributes as unknown as { configuration: { properties: Record<string, { scope?: string }> } })
      .configuration.properties;
    assert.equal(properties['mailroom.confirmProduction']?.scope, 'application');
  });
});

/** What the registration wrapper (commands/register.ts) shows when a command fails. */
const failureMessage = (id: MailroomCommand, error: unknown) => couldNot(COMMANDS[id].failed(), error);

describe('a failing command in words', () => {
  it("says what could not be done, the service's meaning of the code, and what to do", () => {
    const error = new MailWsError('CancelDelivery', -3022);
    const text = failureMessage('mailroom.cancelDelivery', error);
    assert.equal(
      text,
      'Mailroom could not cancel the delivery. Cancellation denied: already handed to the postal service, or already cancelled.',
      'said once',
    );
    assert.ok(!/CancelDelivery|-3022/.test(text), 'no operation name, no code: those go to the log');
    assert.match(logLine(text, error), /\[CancelDelivery answered -3022: cancellation denied/);
  });

  it("says when a request may have reached the service, and never the URL's query", () => {
    const error = new MailWsNetworkError('GetPDF', true, 'the connection was reset', {
      url: 'http://127.0.0.1:1/MailWS.asmx/GetPDF?Password=hunter2',
    });
    const text = failureMessage('mailroom.savePdf', error);
    assert.match(text, /^Mailroom could not save the PDF\. At 127\.0\.0\.1:1, the connection was reset; the request may have reached/);
    assert.ok(!text.includes('hunter2') && !logLine(text, error).includes('hunter2'));
  });

  it('words a rejection that is not an Error', () => {
    assert.equal(failureMessage('mailroom.refreshFiles', 'gone'), 'Mailroom could not refresh the stored files. gone');
  });
});
