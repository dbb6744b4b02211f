/** Filter Mailers…, Export Mailers… and the send history's rows, as plain code: the filter each view applies. */
import { strict as assert } from 'node:assert';
import type { SendLogRecord } from '../../src/client';
import { parseCsv } from '../../src/contract';
import { historyEntries } from '../../src/extension/model/history-entries';
import { localMinute } from '../../src/formats';
import { EXPORT_COLUMNS, exportedMailers } from '../../src/extension/model/mailer-export';
import { describeFilter, filterMessage, filterRows, isDay, isFiltering, type MailerFilter } from '../../src/extension/model/mailer-filter';
import type { TrackedMailer } from '../../src/extension/model/mailers';

const MAILERS: TrackedMailer[] = [
  {
    id: 1021001,
    description: 'Invoice for Smith',
    recipient: 'Jane Smith, 1 Main St, Springfield, IL, 62701',
    status: -1000,
    workMode: 'Production',
    submitted: '2026-03-01T09:00:00',
    price: 1.25,
  },
  {
    id: 1021002,
    description: 'Reminder, "final"',
    recipient: 'Bob Jones, 2 Elm St, Shelbyville, IL, 62565',
    status: -900,
    workMode: 'Development',
    submitted: '2026-03-15T23:59:59',
    price: 0.62,
  },
  { id: 1021003, description: 'Price list', status: -1005, workMode: 'Production', submitted: '2026-04-02T00:00:00' },
  { id: 1021004, status: -1018, workMode: 'Development', submitted: '2026-02-28T12:00:00' },
  // Tracked by ID, not refreshed yet: no status, no work mode, no day.
  { id: 2000001 },
];

const ids = (filter: MailerFilter) => filterRows(MAILERS, filter).map((m) => m.id);

describe('Filter Mailers', () => {
  it('keeps every mailer, the same list, without a filter', () => {
    assert.equal(filterRows(MAILERS, {}), MAILERS);
    assert.equal(isFiltering({}), false);
    assert.equal(isFiltering({ text: 'x' }), true);
  });

  it('finds text in the ID, the description or the recipient, whatever the case', () => {
    assert.deepEqual(ids({ text: 'smith' }), [1021001]);
    assert.deepEqual(ids({ text: 'SHELBYVILLE' }), [1021002]);
    assert.deepEqual(ids({ text: '1021003' }), [1021003]);
    assert.deepEqual(ids({ text: '102100' }), [1021001, 1021002, 1021003, 1021004]);
    assert.deepEqual(ids({ text: '  price  ' }), [1021003], 'the text trimmed');
    assert.deepEqual(ids({ text: 'nobody' }), []);
  });

  it('keeps a status group, the not yet known among "unknown"', () => {
    assert.deepEqual(ids({ group: 'completed' }), [1021001]);
    assert.deepEqual(ids({ group: 'received' }), [1021002]);
    assert.deepEqual(ids({ group: 'cancelled' }), [1021003]);
    assert.deepEqual(ids({ group: 'failed' }), [1021004]);
    assert.deepEqual(ids({ group: 'unknown' }), [2000001]);
  });

  it('keeps a work mode, and leaves out a mailer whose work mode is not known', () => {
    assert.deepEqual(ids({ workMode: 'Production' }), [1021001, 1021003]);
    assert.deepEqual(ids({ workMode: 'Development' }), [1021002, 1021004]);
  });

  it('keeps the days submitted from the first to the last, both whole days included', () => {
    assert.deepEqual(ids({ from: '2026-03-01', to: '2026-03-15' }), [1021001, 1021002]);
    assert.deepEqual(ids({ from: '2026-03-02' }), [1021002, 1021003]);
    assert.deepEqual(ids({ to: '2026-03-01' }), [1021001, 1021004]);
    assert.deepEqual(ids({ from: '2026-05-01' }), []);
  });

  it('keeps only what every part of the filter keeps', () => {
    assert.deepEqual(ids({ text: 'i', group: 'completed', workMode: 'Production', from: '2026-01-01', to: '2026-12-31' }), [1021001]);
    assert.deepEqual(ids({ text: 'smith', workMode: 'Development' }), []);
  });

  it('reads a day only as YYYY-MM-DD of the calendar', () => {
    assert.ok(isDay('2026-02-28'));
    assert.ok(isDay('2028-02-29'));
    for (const bad of ['2026-02-29', '2026-13-01', '26-01-01', '2026-1-1', 'yesterday', '']) assert.ok(!isDay(bad), bad);
  });

  it('says what it keeps, how many, and how to clear it', () => {
    const filter: MailerFilter = { text: 'smith', group: 'completed', workMode: 'Production', from: '2026-03-01', to: '2026-03-31' };
    assert.equal(describeFilter(filter), '“smith” · Completed · Production · 2026-03-01 to 2026-03-31');
    assert.equal(describeFilter({ from: '2026-03-01' }), 'from 2026-03-01');
    assert.equal(describeFilter({ to: '2026-03-01' }), 'until 2026-03-01');
    assert.equal(filterMessage({}, 5, 5, 'mailers'), undefined);
    assert.equal(
      filterMessage(filter, 1, 5, 'mailers'),
      'Filtered by “smith” · Completed · Production · 2026-03-01 to 2026-03-31: 1 of 5 mailers shown. Clear Filter in the title bar shows them all.',
    );
  });
});

describe('Export Mailers', () => {
  it('writes CSV with a header row that a CSV parser reads back, field for field', () => {
    const csv = exportedMailers(MAILERS.slice(0, 2), 'csv');
    assert.ok(csv.endsWith('\r\n'));
    const [header, ...rows] = parseCsv(csv);
    assert.deepEqual(header, [...EXPORT_COLUMNS]);
    const column = (row: string[], name: (typeof EXPORT_COLUMNS)[number]) => row[EXPORT_COLUMNS.indexOf(name)];
    assert.equal(rows.length, 2);
    assert.equal(column(rows[0]!, 'id'), '1021001');
    assert.equal(column(rows[0]!, 'recipient'), 'Jane Smith, 1 Main St, Springfield, IL, 62701');
    assert.equal(column(rows[0]!, 'price'), '1.25');
    assert.equal(column(rows[0]!, 'statusGroup'), 'completed');
    assert.equal(column(rows[1]!, 'description'), 'Reminder, "final"');
    assert.equal(column(rows[1]!, 'price'), '0.62');
    assert.equal(column(rows[1]!, 'sha256'), '');
  });

  it('says what was charged as the service counts it: nothing for a mailer that failed or was cancelled, whatever its price', () => {
    const mailers: TrackedMailer[] = [
      { id: 1, status: -1000, workMode: 'Production', price: 1.25 },
      { id: 2, status: -1018, workMode: 'Production', price: 0.87 },
      { id: 3, status: -1010, workMode: 'Production', price: 0.87 },
      { id: 4, status: -1005, workMode: 'Production', price: 0.87 },
      { id: 5, status: -990, workMode: 'Production', price: 0.87 },
      { id: 6, status: -1000, workMode: 'Development', price: 0.87 },
      { id: 7 },
    ];
    const [header, ...rows] = parseCsv(exportedMailers(mailers, 'csv'));
    const charged = header!.indexOf('charged');
    assert.deepEqual(
      rows.map((row) => row[charged]),
      ['1.25', '0.00', '0.00', '0.00', '0.87', '0.00', ''],
    );
    assert.deepEqual(
      rows.map((row) => row[header!.indexOf('price')]),
      ['1.25', '0.87', '0.87', '0.87', '0.87', '0.87', ''],
      "the price stays the service's",
    );
  });

  it('writes JSON: the same keys, absent values left out', () => {
    const json = JSON.parse(exportedMailers(MAILERS.slice(3), 'json')) as Record<string, unknown>[];
    assert.deepEqual(json[0], {
      id: 1021004,
      submitted: '2026-02-28T12:00:00',
      workMode: 'Development',
      status: -1018,
      statusText: json[0]!.statusText,
      statusGroup: 'failed',
      charged: 0,
      isBatch: false,
    });
    assert.match(String(json[0]?.statusText), /\S/);
    assert.deepEqual(json[1], { id: 2000001, statusGroup: 'unknown', isBatch: false });
  });
});

describe('the send history', () => {
  const send = (entry: string, time: string, fields: Partial<SendLogRecord>): SendLogRecord =>
    ({
      entry,
      time,
      endpoint: 'http://127.0.0.1:8317/',
      user: 'demo',
      operation: 'SendLetterAndAddress',
      sha256: 'ab',
      bytes: 2,
      ...fields,
    }) as SendLogRecord;
  const records: SendLogRecord[] = [
    send('a', '2026-03-01T10:00:00.000Z', { outcome: 'sent', id: 1021001, description: 'Invoice for Smith', workMode: 'Default' }),
    send('b', '2026-03-02T10:00:00.000Z', { outcome: 'refused', code: -1018, reason: 'no address' }),
    send('c', '2026-03-03T10:00:00.000Z', { outcome: 'unknown' }),
    send('d', '2026-03-04T10:00:00.000Z', { outcome: 'sent', id: 1021002, endpoint: 'https://mail.example/ws', description: 'Elsewhere' }),
    send('e', '2026-03-05T10:00:00.000Z', { outcome: 'sent', id: 1021009, description: 'Untracked' }),
  ];
  const sandbox = { endpoint: 'http://127.0.0.1:40123/', username: 'demo', sandbox: true };
  const rows = historyEntries(records, sandbox, (id) => MAILERS.find((m) => m.id === id));

  it('lists the sends newest first, joined with the tracked mailers of the active account', () => {
    assert.deepEqual(
      rows.map((r) => [r.entry, r.id, r.statusGroup, r.openable]),
      [
        ['e', 1021009, 'unknown', true],
        ['d', 1021002, 'unknown', false],
        ['c', undefined, 'unknown', false],
        ['b', undefined, 'failed', false],
        ['a', 1021001, 'completed', true],
      ],
    );
    const a = rows.at(-1)!;
    assert.equal(a.workMode, 'Production', "the mode the service reports, over the send's Default");
    assert.equal(a.price, 1.25);
    assert.equal(a.submitted, localMinute('2026-03-01T10:00:00.000Z'));
    assert.match(rows[0]!.statusText, /not tracked/);
    assert.match(rows[1]!.statusText, /another account/);
    assert.match(rows[3]!.statusText, /^Refused: no address/);
    assert.equal(rows[3]!.status, -1018, "a refused send's result code");
  });

  it('never says a price was charged that the service did not charge, nor one it has not said', () => {
    const priced: SendLogRecord[] = [
      send('p1', '2026-03-01T10:00:00.000Z', { outcome: 'sent', id: 1021001, workMode: 'Production', price: 1.2 }),
      send('p2', '2026-03-02T10:00:00.000Z', { outcome: 'sent', id: 1021003, workMode: 'Production', price: 0.87 }),
      // From the command line, not tracked here: the service has not said, so it is a prediction.
      send('p3', '2026-03-03T10:00:00.000Z', { outcome: 'sent', id: 1021009, workMode: 'Production', price: 0.87 }),
      send('p4', '2026-03-04T10:00:00.000Z', { outcome: 'unknown', workMode: 'Production', price: 0.87 }),
      send('p5', '2026-03-05T10:00:00.000Z', { outcome: 'sent', id: 1021004, workMode: 'Production', price: 0.87 }),
    ];
    const failed: TrackedMailer[] = [...MAILERS, { id: 1021004, status: -1018, workMode: 'Production', price: 0.87 }];
    const texts = historyEntries(priced, sandbox, (id) => failed.find((m) => m.id === id)).map((r) => [r.entry, r.priceText]);
    assert.deepEqual(texts, [
      ['p5', 'Price: $0.87, not charged'],
      ['p4', 'Price: about $0.87, predicted: the service has not said what it charged'],
      ['p3', 'Price: about $0.87, predicted: the service has not said what it charged'],
      ['p2', 'Price: $0.87, not charged'],
      ['p1', 'Price: $1.25'],
    ]);
  });

  it('filters the sends with the same filter', () => {
    assert.deepEqual(
      filterRows(rows, { text: 'smith' }).map((r) => r.entry),
      ['a'],
    );
    assert.deepEqual(
      filterRows(rows, { group: 'failed' }).map((r) => r.entry),
      ['b'],
    );
    const day = localMinute('2026-03-04T10:00:00.000Z').slice(0, 10);
    assert.deepEqual(
      filterRows(rows, { from: day, to: day }).map((r) => r.entry),
      ['d'],
    );
  });
});
