/**
 * "No other feedback push was sent", shown by one that was. User `other` (an account of its own)
 * sends a letter and the control path makes it fail: its Error push is due at once. A sandbox
 * that delivers one push at a time (`ONE_AT_A_TIME`) hands out its delivery slot in the order the
 * pushes were started (src/sandbox/pushes/pusher.ts), so once the marker has arrived, every push
 * started before it has arrived too. A test waits for the marker, then says what did not come,
 * instead of sleeping for a while and hoping that was long enough.
 */
import { checkedLine } from '../../src/sandbox/store/checksums';
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callControl } from '../../src/sandbox/control/client';
import type { PushReceiver, ReceivedPush } from './push-receiver';
import { httpCaller } from './sandbox';

/** The pusher's options that make the marker's arrival mean something. */
export const ONE_AT_A_TIME = { concurrency: 1 } as const;

const other = { Username: 'other', Password: 'other' };
/** The mailer IDs of the markers each receiver was sent. */
const markers = new WeakMap<PushReceiver, Set<string>>();

/** What the receiver was sent but the markers. */
export function withoutMarkers(receiver: PushReceiver): ReceivedPush[] {
  const ids = markers.get(receiver) ?? new Set<string>();
  return receiver.received.filter((push) => !ids.has(push.body.ID ?? ''));
}

/** Turns on `other`'s Error pushes to this receiver (kept in the journal, across restarts). */
export async function markerSender(sandboxUrl: string, receiver: PushReceiver): Promise<void> {
  const settings = [
    ['Feedback_FeedbackType', 'Post'],
    ['Feedback_Post_WhenToSend_Error', 'True'],
    ['Feedback_Post_FeedbackURL', receiver.url],
    ['Feedback_Post_Authentication', 'the marker'],
  ];
  const answer = await httpCaller(sandboxUrl, 'http-post')('admin', 'SetUserSettings', {
    APIKey: 'other-key',
    ...other,
    Settings: settings,
  });
  assert.equal(answer, -3000, "the marker's sender");
}

/** Sends a marker and waits until the receiver has it. `markerSender` first, and the sandbox started `ONE_AT_A_TIME`. */
export async function pushMarker(sandboxUrl: string, receiver: PushReceiver): Promise<void> {
  const id = (await httpCaller(sandboxUrl, 'http-post')('simple', 'SendLetterV2', {
    ...other,
    MyDescription: 'the marker',
    FileExtension: 'html',
    FileBinaryData: Buffer.from('<p>Jane Doe<br>1 Main St<br>Springfield, IL 62701</p>'),
    WorkMode: 'Development',
  })) as number;
  assert.ok(id > 0, `the marker was sent: ${id}`);
  markers.set(receiver, (markers.get(receiver) ?? new Set()).add(String(id)));
  await callControl(sandboxUrl, 'fail', { id, code: -1018 });
  await receiver.arrived({ ID: String(id), Status: '-1018' });
}

/** Waits until the sandbox's journal holds the record of this push answered (`key`: `ItemID:Status`). */
export async function pushJournaled(dataDir: string, id: number, key: string): Promise<void> {
  const record = checkedLine({ t: 'pushed', id, key }).trim();
  for (let tries = 0; !readFileSync(join(dataDir, 'journal.jsonl'), 'utf8').includes(record); tries++) {
    assert.ok(tries < 200, `the answered push ${id}/${key} is journaled`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
