/**
 * The client's check of a request before it is sent: what the service would refuse with a code
 * (the same code, marked local) or with a fault (a value not of its type).
 */
import { inspect } from 'node:util';
import {
  checkAddress,
  checkFieldLengths,
  checkIdString,
  missingFieldCodes,
  operationEffect,
  type Field,
  type Operation,
} from '../contract';
import { MailWsError, MailWsInputError } from './errors';

/** A wrong value as an error shows it: an object as what it holds, never "[object Object]". */
const shown = (v: unknown) => (typeof v === 'object' && v !== null ? inspect(v, { breakLength: Infinity }) : String(v));

function checkValues(op: Operation, fields: readonly Field[], value: Readonly<Record<string, unknown>>, path: string): void {
  for (const field of fields) {
    const v = value[field.name];
    const where = `${path}${field.name}`;
    if (v === undefined || v === null) {
      if (!field.required) continue;
      const code = missingFieldCodes[field.name];
      if (code !== undefined) throw new MailWsError(op.name, code, { local: true });
      throw new MailWsInputError(op.name, where, 'is required');
    }
    const type = field.type;
    switch (type.kind) {
      case 'enum':
        if (!type.values.includes(v as string))
          throw new MailWsInputError(op.name, where, `must be one of ${type.values.join(', ')}, not "${shown(v)}"`);
        break;
      case 'primitive':
        if (type.name === 'int' && !(Number.isInteger(v) && (v as number) >= -2147483648 && (v as number) <= 2147483647)) {
          throw new MailWsInputError(op.name, where, `must be a whole number, not ${shown(v)}`);
        }
        if (type.name === 'decimal' && !Number.isFinite(v)) throw new MailWsInputError(op.name, where, `must be a number, not ${shown(v)}`);
        if (type.name === 'boolean' && typeof v !== 'boolean') throw new MailWsInputError(op.name, where, 'must be true or false');
        if (type.name === 'string' && typeof v !== 'string') throw new MailWsInputError(op.name, where, 'must be text');
        if (type.name === 'base64Binary' && !(v instanceof Uint8Array))
          throw new MailWsInputError(op.name, where, 'must be bytes (a Buffer or Uint8Array)');
        break;
      case 'structure':
        checkValues(op, type.fields, v as Record<string, unknown>, `${where}.`);
        break;
      case 'array':
        if (!Array.isArray(v)) throw new MailWsInputError(op.name, where, 'must be a list');
        if (type.item.kind === 'structure') {
          const item = type.item;
          v.forEach((entry, i) => checkValues(op, item.fields, (entry ?? {}) as Record<string, unknown>, `${where}[${i}].`));
        }
    }
  }
}

/** Throws what the service would answer, for a request that cannot succeed. */
export function precheck(op: Operation, request: Readonly<Record<string, unknown>>): void {
  const fail = (code: number | undefined) => {
    if (code !== undefined) throw new MailWsError(op.name, code, { local: true });
  };
  const has = (name: string) => op.params.some((p) => p.name === name);
  if (has('APIKey')) {
    if (!request.APIKey) fail(missingFieldCodes.APIKey);
  } else {
    if (!request.Username) fail(missingFieldCodes.Username);
    if (!request.Password) fail(missingFieldCodes.Password);
  }
  checkValues(op, op.params, request, '');
  fail(checkFieldLengths(op.params, request));
  if (operationEffect(op) === 'send' && has('MyDescription') && !request.MyDescription) fail(missingFieldCodes.MyDescription);
  if (has('Address1')) fail(checkAddress(request));
  for (const p of op.params) {
    const idString = p.type.kind === 'primitive' && p.type.name === 'string' && (p.name === 'ID' || p.name === 'ItemID');
    // An empty ItemID means every item of the batch.
    if (idString && !(p.name === 'ItemID' && !request.ItemID)) fail(checkIdString(request[p.name] as string | undefined));
  }
}
