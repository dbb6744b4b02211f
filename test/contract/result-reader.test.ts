/**
 * The usual-form result reader (readUsualResult) against the strict one (readXml + decodeResult):
 * it reads every structured result of the contract as the sandbox writes it over HTTP GET and POST,
 * to the same value, keys in the same order; and on anything else it answers nothing, so that the
 * strict reader accepts it or refuses it exactly as it did.
 */
import { strict as assert } from 'node:assert';
import {
  decodeResult,
  httpResultElement,
  operationList,
  readPlainDateTime,
  readUsualResult,
  readXml,
  type Field,
  type Operation,
  type TypeRef,
} from '../../src/contract';
import { httpResult } from '../helpers/sandbox-answer';
import { seeded } from '../helpers/random';

const structured = operationList.filter((op) => op.result.kind === 'structure');
const fieldsOf = (op: Operation): readonly Field[] => (op.result as TypeRef & { kind: 'structure' }).fields;
const strict = (op: Operation, text: string) => decodeResult(op, readXml(text));
const usual = (op: Operation, text: string) => readUsualResult(text, httpResultElement(op), fieldsOf(op));

/** A value of the type, its strings from `words`, arrays of 0 to 3 items, some fields left out. */
function valueOf(type: TypeRef, next: () => number, words: readonly string[]): unknown {
  switch (type.kind) {
    case 'primitive':
      switch (type.name) {
        case 'string':
          return words[Math.floor(next() * words.length)];
        case 'int':
          return Math.floor(next() * 4_294_967_295) - 2_147_483_648;
        case 'decimal':
          return Math.round(next() * 1e6) / 100;
        case 'boolean':
          return next() < 0.5;
        case 'dateTime':
          return new Date(Math.floor(next() * 4e12));
        case 'base64Binary':
          return Buffer.from(words.join(''), 'utf8');
      }
      break;
    case 'enum':
      return type.values[Math.floor(next() * type.values.length)];
    case 'structure':
      return Object.fromEntries(type.fields.filter(() => next() < 0.9).map((f) => [f.name, valueOf(f.type, next, words)]));
    case 'array':
      return Array.from({ length: Math.floor(next() * 4) }, () => valueOf(type.item, next, words));
  }
}

describe('the usual-form result reader', () => {
  it('reads every structured result as the sandbox writes it, to what the strict reader reads, keys in order', () => {
    const next = seeded(24);
    const words = ['', 'Waiting For Delivery', 'Ünïcödé café', '  spaced  ', 'a > b & "c" <d> \'e\'', 'x'.repeat(100)];
    for (const op of structured) {
      for (let round = 0; round < 20; round++) {
        const text = httpResult(op, { ...(valueOf(op.result, next, words) as object), ResultCode: -3000 });
        const fast = usual(op, text);
        assert.ok(fast, `${op.name}: the usual form was not read:\n${text.slice(0, 400)}`);
        const expected = strict(op, text);
        assert.deepEqual(fast, expected, op.name);
        assert.deepEqual(Object.keys(fast), Object.keys(expected as object), `${op.name}: keys in the contract's order`);
      }
    }
  });

  it('reads a date in the usual form to the instant Date.UTC gives, leap days and centuries included', () => {
    const next = seeded(7);
    const dates = [
      Date.UTC(2000, 1, 29),
      Date.UTC(1900, 2, 1),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(100, 0, 1),
      Date.UTC(9999, 11, 31),
    ];
    for (let i = 0; i < 2000; i++) dates.push(Math.floor(next() * 253402300799999));
    for (const time of dates) {
      const text = new Date(time).toISOString().slice(0, -1); // unzoned, as ASP.NET writes it
      assert.equal(readPlainDateTime(text)?.getTime(), time, text);
    }
  });

  const op = operationList.find((o) => o.name === 'GetStatus')!;
  const usualAnswer = httpResult(op, {
    ResultCode: -3000,
    Statuses: [{ ID: 1021984, Status: -995, Description: 'Waiting For Delivery', LastUpdateTime: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) }],
  });
  const cases: [string, (text: string) => string][] = [
    ['an undeclared entity', (t) => t.replace('Waiting For Delivery', 'Waiting&nbsp;For Delivery')],
    ['a & that begins no reference', (t) => t.replace('Waiting For Delivery', 'Waiting & Delivery')],
    ['an entity named as an Object key', (t) => t.replace('Waiting For Delivery', 'Waiting &constructor; Delivery')],
    ['a character reference', (t) => t.replace('Waiting', 'W&#97;iting')],
    ['a comment', (t) => t.replace('<ID>', '<!-- c --><ID>')],
    ['CDATA', (t) => t.replace('Waiting For Delivery', '<![CDATA[Waiting]]>')],
    ['xsi:nil', (t) => t.replace('<Description>Waiting For Delivery</Description>', '<Description xsi:nil="true" />')],
    ['an empty element written without a space', (t) => t.replace('<Description>Waiting For Delivery</Description>', '<Description/>')],
    ['an unknown element', (t) => t.replace('<ID>', '<Extra>1</Extra><ID>')],
    ['a field twice', (t) => t.replace('<ID>1021984</ID>', '<ID>1</ID><ID>2</ID>')],
    ['a prefix', (t) => t.replace('<ID>1021984</ID>', '<m:ID xmlns:m="Mailing">1021984</m:ID>')],
    ['another namespace', (t) => t.replace('xmlns="Mailing"', 'xmlns="Other"')],
    ['a DOCTYPE', (t) => t.replace('<GetStatusResult', '<!DOCTYPE x [<!ENTITY a "a">]><GetStatusResult')],
    ['an int out of range', (t) => t.replace('1021984', '99999999999')],
    ['an int with a vertical tab', (t) => t.replace('<ID>1021984</ID>', '<ID>\u000B1021984</ID>')],
    ['an int that is not one', (t) => t.replace('1021984', 'many')],
    ['a date with a form feed', (t) => t.replace('2026-01-02T03:04:05', '2026-01-02T03:04:05\u000C')],
    ['a character XML does not allow', (t) => t.replace('Waiting', 'Wa\u0001iting')],
    ['a lone surrogate', (t) => t.replace('Waiting', 'Wa\uD800iting')],
    ['text between fields', (t) => t.replace('<ID>', 'text<ID>')],
    ['a closing tag with a space', (t) => t.replace('</ID>', '</ID >')],
    ['an element left open', (t) => t.replace('</GetStatusResult>', '')],
    ['a second root', (t) => `${t}<GetStatusResult xmlns="Mailing" />`],
    ['another root', (t) => t.replaceAll('GetStatusResult', 'GetDetailsResult')],
    ['a repeated namespace declaration', (t) => t.replace('xmlns="Mailing"', 'xmlns="Mailing" xmlns="Mailing"')],
  ];
  it('reads the unchanged answer, and none of its changed forms, leaving them to the strict reader', () => {
    assert.ok(usual(op, usualAnswer));
    for (const [name, change] of cases) {
      const text = change(usualAnswer);
      assert.notEqual(text, usualAnswer, `${name}: the change changed nothing`);
      assert.equal(usual(op, text), undefined, name);
    }
  });

  it('leaves the strict reader to accept what it accepts: the same value as before through the client codec', async () => {
    const { decodeHttpResult } = await import('../../src/client/http-codec');
    for (const [name, change] of cases) {
      const text = change(usualAnswer);
      let before: unknown;
      let beforeError: unknown;
      try {
        const root = readXml(text);
        before = root.local === httpResultElement(op) && root.ns === 'Mailing' ? decodeResult(op, root) : 'another root';
      } catch (error) {
        beforeError = error;
      }
      let after: unknown;
      let afterError: unknown;
      try {
        after = decodeHttpResult(op, text);
      } catch (error) {
        afterError = error;
      }
      if (before === 'another root') assert.ok(afterError, name);
      else if (beforeError) {
        assert.ok(afterError instanceof Error && beforeError instanceof Error, name);
        assert.deepEqual([afterError.name, afterError.message], [beforeError.name, beforeError.message], name);
      } else assert.deepEqual(after, before, name);
    }
  });
});
