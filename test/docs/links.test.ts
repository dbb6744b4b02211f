/**
 * The docs hold together: the README stays a front page (its first lines the two commands for a
 * new machine, at most 400 lines, every picture of the first ten minutes, pointing at every page
 * of docs/), and every relative link in the README, docs/, CHANGELOG.md and SECURITY.md leads to a
 * file that exists and, with a #fragment, to a heading of it (GitHub's anchors: lower case,
 * punctuation dropped, spaces as hyphens).
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import MarkdownIt from 'markdown-it';
import { projectRoot } from '../helpers/tools';

const docs = readdirSync(join(projectRoot, 'docs'))
  .filter((file) => file.endsWith('.md'))
  .map((file) => join('docs', file));
const pages = ['README.md', 'CHANGELOG.md', 'SECURITY.md', ...docs];
const markdown = new MarkdownIt();
type Token = ReturnType<typeof markdown.parse>[number];
const read = (page: string) => readFileSync(join(projectRoot, page), 'utf8');

/** The anchors GitHub gives a page's headings, a repeated one numbered -1, -2, … */
function anchorsOf(page: string): Set<string> {
  const tokens = markdown.parse(read(page), {});
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = (tokens[i + 1]?.children ?? []).map((child) => child.content).join('');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  });
  return anchors;
}

/** Every link and image target of a page, as written. */
function targetsOf(page: string): string[] {
  const targets: string[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      const target = token.attrGet('href') ?? token.attrGet('src');
      if (target !== null) targets.push(String(target));
      if (token.children) walk(token.children);
    }
  };
  walk(markdown.parse(read(page), {}));
  return targets;
}

describe('the docs', () => {
  it('begin the README with the two commands for a new machine, and keep it under 400 lines', () => {
    const lines = read('README.md').split('\n');
    assert.equal(lines[0], '# Mailroom');
    assert.match(lines[2]!, /^ {4}npm start +# /);
    assert.match(lines[3]!, /^ {4}npm run setup && npm test +# /);
    assert.ok(lines.length <= 400, `README.md has ${lines.length} lines`);
  });

  it('show every picture of media/screenshots/ in the README', () => {
    const shown = new Set(targetsOf('README.md'));
    for (const picture of readdirSync(join(projectRoot, 'media', 'screenshots')))
      assert.ok(shown.has(`media/screenshots/${picture}`), `README.md shows ${picture}`);
  });

  it('point the README at every page of docs/, SECURITY.md and CHANGELOG.md', () => {
    const linked = new Set(targetsOf('README.md').map((target) => target.split('#')[0]));
    for (const page of [...docs, 'SECURITY.md', 'CHANGELOG.md']) assert.ok(linked.has(page), `README.md links ${page}`);
  });

  for (const page of pages) {
    it(`${page}: every relative link leads to a file, and to a heading of it`, () => {
      for (const target of targetsOf(page)) {
        if (/^[a-z][\w+.-]*:/i.test(target)) continue; // https:, mailto: and the like
        const [path, fragment] = target.split('#') as [string, string | undefined];
        const file = path === '' ? page : relative(projectRoot, join(projectRoot, dirname(page), decodeURI(path)));
        assert.ok(existsSync(join(projectRoot, file)), `${page} links ${target}, and ${file} does not exist`);
        if (fragment !== undefined && file.endsWith('.md'))
          assert.ok(anchorsOf(file).has(fragment), `${page} links ${target}, and ${file} has no heading #${fragment}`);
      }
    });
  }
});
