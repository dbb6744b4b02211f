/**
 * docs/extension.md's tables of commands and settings are the ones `npm run docs` makes from the
 * manifest (scripts/manifest-tables.ts): every command and setting package.json contributes, in
 * the words of package.nls.json.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_PAGE, commandsTable, extensionPageGenerated, settingsTable } from '../../scripts/manifest-tables';
import { projectRoot } from '../helpers/tools';

const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  contributes: { commands: { command: string }[]; configuration: { properties: Record<string, unknown> } };
};

describe('docs/extension.md: the commands and settings', () => {
  it('are the tables generated from the manifest (run `npm run docs` after changing it)', () => {
    const page = readFileSync(EXTENSION_PAGE, 'utf8');
    assert.equal(page, extensionPageGenerated(page));
  });

  it('list every command and every setting, once each', () => {
    const commands = commandsTable();
    for (const { command } of manifest.contributes.commands) assert.equal(commands.split(`| \`${command}\` |`).length, 2, command);
    const settings = settingsTable();
    for (const name of Object.keys(manifest.contributes.configuration.properties))
      assert.equal(settings.split(`| \`${name}\` |`).length, 2, name);
  });

  it('name each command in English, not by its %key%', () => {
    assert.doesNotMatch(commandsTable() + settingsTable(), /%[\w.]+%/);
  });
});
