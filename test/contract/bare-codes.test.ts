/**
 * The service's result and status codes are named in the contract's tables (src/contract/codes.ts)
 * and nowhere else: a bare `-1018` or `-3022` in code outside src/contract/ fails here, by file and
 * line. Codes in strings and comments (a message that says "-1018") are words, not code.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { mailerStatuses, resultCodes } from '../../src/contract';
import { projectRoot } from '../helpers/tools';

const CODES = new Set([...resultCodes.keys(), ...mailerStatuses.map((s) => s.code)].filter((code) => code !== 0));

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** Every numeric literal of the code (with its sign) that is one of the service's codes, as "file:line -1018". */
export function bareCodes(name: string, text: string): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNumericLiteral(node)) {
      const negative = ts.isPrefixUnaryExpression(node.parent) && node.parent.operator === ts.SyntaxKind.MinusToken;
      const value = (negative ? -1 : 1) * Number(node.text);
      if (CODES.has(value)) found.push(`${name}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1} ${value}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the service's codes, named once", () => {
  it('finds a bare code in code, and not in words', () => {
    assert.deepEqual(bareCodes('a.ts', 'if (status === -1018) x();\nconst s = "-1018";\n// -3022\n'), ['a.ts:1 -1018']);
    assert.deepEqual(bareCodes('b.ts', 'const t = `failed at -1010`; const n = 1018;'), []);
  });

  it('are written nowhere under src/ but in the contract', () => {
    const src = join(projectRoot, 'src');
    const found = [...sources(src)]
      .filter((path) => !path.startsWith(join(src, 'contract')))
      .flatMap((path) => bareCodes(relative(projectRoot, path), readFileSync(path, 'utf8')));
    assert.deepEqual(found, [], 'bare codes: name them from the contract (STATUS, RESULT)');
  });
});
