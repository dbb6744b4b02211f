/**
 * The rule of how an account's letters are assumed to print (src/rulebook/print-settings.ts): the
 * last value this machine set with SetUserSettings for that user at that service, else the front
 * end's own setting, else a new account's, each with where it came from.
 */
import { strict as assert } from 'node:assert';
import type { SettingsLogRecord } from '../../src/client/settings-log';
import { assumedPrintSettings, printedWith, printSettingValue, printSettingValues } from '../../src/rulebook';

const SANDBOX = { endpoint: 'http://127.0.0.1:8317', user: 'demo' };
const record = (time: string, settings: SettingsLogRecord['settings'], over: Partial<SettingsLogRecord> = {}): SettingsLogRecord => ({
  time,
  endpoint: 'http://127.0.0.1:40123',
  user: 'demo',
  settings,
  ...over,
});

describe('the rulebook: how an account prints', () => {
  it("is a new account's when nothing says otherwise: simplex, black and white", () => {
    const assumed = assumedPrintSettings([], SANDBOX, {});
    assert.deepEqual(assumed, {
      printSides: { value: 'Simplex', source: { kind: 'new account' } },
      printColor: { value: 'BlackAndWhite', source: { kind: 'new account' } },
    });
    assert.deepEqual(printedWith(assumed), { duplex: false, colour: false });
  });

  it("takes the front end's own setting over a new account's", () => {
    const assumed = assumedPrintSettings([], SANDBOX, { printSides: 'Duplex' });
    assert.deepEqual(assumed.printSides, { value: 'Duplex', source: { kind: 'configured' } });
    assert.deepEqual(assumed.printColor.source, { kind: 'new account' });
    assert.deepEqual(printedWith(assumed), { duplex: true, colour: false });
  });

  it('takes what this machine last set for the user at the service over any setting, each setting on its own, and says when and from where', () => {
    const records = [
      record('2026-11-18T10:00:00.000Z', { Letters_PrintSides: 'Duplex', Letters_PrintColor: 'FullColor' }, { via: 'command line' }),
      record('2026-11-19T10:00:00.000Z', { Letters_PrintSides: 'Simplex' }),
      record('2026-11-20T10:00:00.000Z', { Letters_PrintSides: 'Duplex' }, { via: 'extension' }),
    ];
    const assumed = assumedPrintSettings(records, SANDBOX, { printSides: 'Simplex', printColor: 'BlackAndWhite' });
    assert.deepEqual(assumed.printSides, {
      value: 'Duplex',
      source: { kind: 'set', at: new Date('2026-11-20T10:00:00.000Z'), via: 'extension' },
    });
    assert.deepEqual(assumed.printColor, {
      value: 'FullColor',
      source: { kind: 'set', at: new Date('2026-11-18T10:00:00.000Z'), via: 'command line' },
    });
    assert.deepEqual(printedWith(assumed), { duplex: true, colour: true });
  });

  it("counts only the user's own at the same service: every loopback port is the one sandbox", () => {
    const records = [
      record('2026-11-20T10:00:00.000Z', { Letters_PrintSides: 'Duplex' }, { user: 'clerk' }),
      record('2026-11-20T11:00:00.000Z', { Letters_PrintSides: 'Duplex' }, { endpoint: 'https://mail.example.com' }),
    ];
    assert.equal(assumedPrintSettings(records, SANDBOX, {}).printSides.value, 'Simplex');
    assert.equal(assumedPrintSettings(records, { endpoint: 'https://MAIL.example.com/', user: 'demo' }, {}).printSides.value, 'Duplex');
    assert.equal(assumedPrintSettings(records, { endpoint: 'http://localhost:9', user: 'clerk' }, {}).printSides.value, 'Duplex');
    assert.equal(assumedPrintSettings(records, undefined, {}).printSides.value, 'Simplex', 'no account: nothing set is its');
  });

  it('passes over a value the service would not take (a log edited by hand)', () => {
    const records = [
      record('2026-11-20T10:00:00.000Z', { Letters_PrintSides: 'Duplex' }),
      record('2026-11-21T10:00:00.000Z', { Letters_PrintSides: 'Both' }),
    ];
    assert.deepEqual(assumedPrintSettings(records, SANDBOX, {}).printSides.value, 'Duplex');
  });

  it("reads a front end's own setting by the service's values", () => {
    assert.equal(printSettingValue('printSides', 'Duplex'), 'Duplex');
    assert.equal(printSettingValue('printColor', 'FullColor'), 'FullColor');
    for (const wrong of ['duplex', 'Black', '', 2, undefined, null])
      assert.equal(printSettingValue('printSides', wrong), undefined, String(wrong));
    assert.equal(printSettingValue('printColor', 'Black'), undefined, "the report's word, not the setting's");
    assert.deepEqual(printSettingValues('printSides'), ['Simplex', 'Duplex']);
    assert.deepEqual(printSettingValues('printColor'), ['BlackAndWhite', 'FullColor']);
  });
});
