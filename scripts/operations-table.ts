/**
 * The table of the 29 service operations in docs/architecture.md, generated from the contract
 * (src/contract). `npm run docs` rewrites it in place; test/docs/operations.test.ts fails when the
 * page's copy is stale.
 */
import { join } from 'node:path';
import { operationList, type Field, type TypeRef } from '../src/contract';
import { generatedBlock, withBlock } from './generated-block';

export const ARCHITECTURE = join(__dirname, '..', 'docs', 'architecture.md');
const BLOCK = 'operations';

function typeText(type: TypeRef): string {
  return type.kind === 'array' ? `${typeText(type.item)}[]` : type.name;
}

/** `Name?` for an optional string, `Name: type` for anything else, as in TypeScript. */
function paramText(field: Field): string {
  const name = `${field.name}${field.required ? '' : '?'}`;
  return field.type.kind === 'primitive' && field.type.name === 'string' ? name : `${name}: ${typeText(field.type)}`;
}

const BINDING_NAMES = { soap11: 'SOAP 1.1', soap12: 'SOAP 1.2', 'http-get': 'GET', 'http-post': 'POST' } as const;

export function operationsTable(): string {
  const rows = operationList.map((op) =>
    [
      `\`${op.name}\``,
      `\`${op.service.path}\``,
      op.service.bindings.map((b) => BINDING_NAMES[b]).join(', '),
      op.params.map(paramText).join(', '),
      typeText(op.result),
      op.doc,
    ].join(' | '),
  );
  return generatedBlock(
    BLOCK,
    'src/contract',
    [
      '| Operation | Service | Bindings | Parameters (strings unless typed; `?` optional) | Result | What it does |',
      '|---|---|---|---|---|---|',
      ...rows.map((row) => `| ${row} |`),
    ].join('\n'),
  );
}

/** docs/architecture.md with its operations table replaced by the generated one. */
export function architectureWithTable(page: string): string {
  return withBlock(page, 'docs/architecture.md', BLOCK, operationsTable());
}
