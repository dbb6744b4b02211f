/**
 * Every source file under src/ opens with a comment that says what it is (the project's rule for
 * file headers): a file found without one fails here, by name.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectRoot } from '../helpers/tools';

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|mts|mjs|js)$/.test(entry.name)) yield path;
  }
}

/** The comment the file opens with (block or line comments), without its marks; empty when it opens with code. */
export function headerOf(text: string): string {
  const opening = /^(?:\s*(?:\/\*[\s\S]*?\*\/|\/\/[^\n]*\n))+/.exec(text)?.[0] ?? '';
  return opening
    .replace(/\/\*+|\*+\/|^\s*\*|\/\//gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('file headers', () => {
  it('reads a header only where the file opens with one', () => {
    assert.equal(headerOf('/** The sandbox. */\nimport x from "y";'), 'The sandbox.');
    assert.equal(headerOf('// Two lines\n// of it.\nexport {};'), 'Two lines of it.');
    assert.equal(headerOf('import x from "y";\n/** Too late. */\nexport {};'), '');
  });

  it('every file under src/ opens with a comment that says what it is', () => {
    const src = join(projectRoot, 'src');
    const missing = [...sources(src)].filter((path) => headerOf(readFileSync(path, 'utf8')).split(' ').length < 4);
    assert.deepEqual(
      missing.map((path) => relative(projectRoot, path)),
      [],
      'files without a header',
    );
  });
});
