/**
 * The benchmarks' `vscode` stand-in (support/vscode-stand-in.ts) has every value of the API that
 * src/ uses: each `vscode.a.b…` read as a value (not as a type) in a module that imports vscode,
 * found by TypeScript's parser, is walked in the stand-in. A name the extension takes up next
 * fails here, by name, rather than crashing a benchmark; and `l10n.t` formats as VS Code does.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { vscodeStandIn } from './support/vscode-stand-in';

const root = resolve(__dirname, '..', '..');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The name a module gives `import * as <name> from 'vscode'` (not `import type`), if it does. */
function vscodeNamespace(file: ts.SourceFile): string | undefined {
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || (statement.moduleSpecifier as ts.StringLiteral).text !== 'vscode') continue;
    const clause = statement.importClause;
    if (clause?.isTypeOnly) continue;
    if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) return clause.namedBindings.name.text;
    throw new Error(`${file.fileName}: imports vscode otherwise than \`import * as … from 'vscode'\`; teach this test to read it`);
  }
  return undefined;
}

/** Whether a node is in an `implements` clause or an interface's `extends`: a type, though written as an expression. */
function inTypeHeritage(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isHeritageClause(at)) return at.token === ts.SyntaxKind.ImplementsKeyword || ts.isInterfaceDeclaration(at.parent);
  }
  return false;
}

/** Every `vscode.a.b…` a module reads as a value, as [path, where]; `const { a } = vscode` makes `a.b` read `a.b`. */
function valuePaths(file: ts.SourceFile, namespace: string): [string[], string][] {
  const aliases = new Map<string, string[]>([[namespace, []]]);
  const found: [string[], string][] = [];
  const where = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return `${relative(root, file.fileName)}:${line + 1}`;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer && ts.isIdentifier(node.initializer)) {
      const base = aliases.get(node.initializer.text);
      if (base) {
        for (const element of node.name.elements) {
          const name = (element.propertyName ?? element.name) as ts.Identifier;
          if (ts.isIdentifier(element.name)) aliases.set(element.name.text, [...base, name.text]);
          found.push([[...base, name.text], where(element)]);
        }
      }
    }
    if (ts.isIdentifier(node) && aliases.has(node.text) && !inTypeHeritage(node)) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
        let outer: ts.PropertyAccessExpression = parent;
        const path = [...aliases.get(node.text)!, parent.name.text];
        while (ts.isPropertyAccessExpression(outer.parent) && outer.parent.expression === outer) {
          outer = outer.parent;
          path.push(outer.name.text);
        }
        found.push([path, where(node)]);
      } else if (
        !ts.isQualifiedName(parent) && // a type: vscode.Uri in `x: vscode.Uri`
        !ts.isTypeQueryNode(parent) &&
        !ts.isNamespaceImport(parent) &&
        !(ts.isVariableDeclaration(parent) && parent.initializer === node) && // read above
        !(ts.isBindingElement(parent) || (ts.isVariableDeclaration(parent) && parent.name === node)) &&
        !(ts.isPropertyAccessExpression(parent) && parent.name === node)
      ) {
        throw new Error(`${where(node)}: \`${node.text}\` is used otherwise than as \`${node.text}.…\`; teach this test to read it`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * How far the stand-in answers a path: each name must be there (`in`, so that a property whose
 * value is undefined, such as window.activeTextEditor, counts) until a value that is not an object
 * or a function (undefined, a string, a number), which is what the code then reads on its own.
 */
function missing(path: readonly string[]): string | undefined {
  let value: unknown = vscodeStandIn;
  for (const [i, name] of path.entries()) {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
    if (!(name in value)) return path.slice(0, i + 1).join('.');
    value = (value as Record<string, unknown>)[name];
  }
  return undefined;
}

describe('the benchmarks’ vscode stand-in', () => {
  it('has every value of the vscode API that src/ uses', () => {
    const used = new Map<string, string>();
    for (const path of sources(join(root, 'src'))) {
      const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const namespace = vscodeNamespace(file);
      if (!namespace) continue;
      for (const [names, where] of valuePaths(file, namespace)) {
        const gap = missing(names);
        if (gap && !used.has(gap)) used.set(gap, where);
      }
    }
    assert.deepEqual(
      [...used].map(([name, where]) => `vscode.${name} (${where})`),
      [],
      'add these to test/bench/support/vscode-stand-in.ts',
    );
  });

  it('finds what it checks: the Mailers rows’ vscode.l10n.t and the diagnostics’ vscode.CodeActionKind.QuickFix', () => {
    const file = (path: string) => {
      const text = readFileSync(join(root, path), 'utf8');
      return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    };
    const paths = (path: string) => valuePaths(file(path), 'vscode').map(([names]) => names.join('.'));
    assert.ok(paths('src/extension/views/mailers-rows.ts').includes('l10n.t'));
    assert.ok(paths('src/extension/live-diagnostics.ts').includes('CodeActionKind.QuickFix'));
    assert.ok(!paths('src/extension/live-diagnostics.ts').includes('CodeActionProvider'), 'an implements clause is a type');
    assert.ok(paths('src/extension/commands/steps.ts').includes('workspace.findFiles'), 'const { workspace } = vscode');
    assert.equal(missing(['l10n', 'nothing']), 'l10n.nothing');
    assert.equal(missing(['window', 'activeTextEditor', 'document', 'uri']), undefined);
  });

  it('formats l10n.t as VS Code does without a translation', () => {
    const { t } = vscodeStandIn.l10n;
    assert.equal(t('Mailer {0}', 1021984), 'Mailer 1021984');
    assert.equal(t('{0} of the {1} IDs are not tracked ({2})', 2, 5, '7, 9'), '2 of the 5 IDs are not tracked (7, 9)');
    assert.equal(t('Price: ${0}', '0.62'), 'Price: $0.62');
    assert.equal(t('{1} then {0}, {0} again', 'a', 'b'), 'b then a, a again');
    assert.equal(t('Hello {name}', { name: 'Jane' }), 'Hello Jane');
    assert.equal(t('No argument for {0}'), 'No argument for {0}');
    assert.equal(t('Only {0} and {1}', 'one'), 'Only one and {1}');
    assert.equal(t({ message: 'Item {0}', args: [3], comment: 'a batch item' }), 'Item 3');
  });
});
