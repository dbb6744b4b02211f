/**
 * The churn of issue 12, over real HTTP: a stored file replaced again and again, another uploaded
 * and deleted, settings changed back and forth, letters sent and half of them cancelled. And the
 * floor to hold it against: a fresh sandbox brought to the same final state by the shortest way.
 * Both run on the test helper's fixed clock, so that the two states match to the second.
 */
import { htmlWithAddress } from './documents';
import { seeded } from './random';
import { httpCaller, soapCaller, type Call, type TestSandbox } from './sandbox';

export interface ChurnPlan {
  /** Replace-uploads of one stored file of `fileBytes`. */
  readonly replaces: number;
  readonly fileBytes: number;
  /** Upload-and-delete cycles of another stored file. */
  readonly deletes: number;
  readonly settingChanges: number;
  /** Letters sent; every other one is cancelled. */
  readonly letters: number;
}

export const ISSUE_CHURN: ChurnPlan = { replaces: 400, fileBytes: 120 * 1024, deletes: 100, settingChanges: 200, letters: 40 };

const demo = { Username: 'demo', Password: 'demo' };

/** Version `version` of the replaced file: the same seeded bytes, each version stamped at its start. */
function fileVersion(plan: ChurnPlan, version: number): Buffer {
  const random = seeded(plan.fileBytes);
  const data = Buffer.alloc(plan.fileBytes);
  for (let i = 0; i + 4 <= data.length; i += 4) data.writeUInt32LE(Math.floor(random() * 2 ** 32), i);
  data.writeUInt32LE(version, 0);
  return data;
}

const settingsAt = (i: number): [string, string][] => [
  ['Letters_PrintSides', i % 2 ? 'Duplex' : 'Simplex'],
  ['General_Description', `changed ${i} times`],
];

const callers = new WeakMap<TestSandbox, { soap: Call; http: Call }>();
function callersOf(sandbox: TestSandbox): { soap: Call; http: Call } {
  let c = callers.get(sandbox);
  if (!c) callers.set(sandbox, (c = { soap: soapCaller(sandbox.url, 'soap11'), http: httpCaller(sandbox.url, 'http-post') }));
  return c;
}

async function upload(sandbox: TestSandbox, name: string, data: Buffer, description: string): Promise<void> {
  // Over SOAP: HTTP POST's form makes a 120 KB file a request eight times its size.
  const request = { ...demo, MyFileName: name, FileBinaryData: data, Permissions: 'User', Description: description, Overwrite: true };
  const code = await callersOf(sandbox).soap('datedA', 'UploadFile', request);
  if (code !== -3000) throw new Error(`UploadFile ${name} answered ${String(code)}`);
}

async function setSettings(sandbox: TestSandbox, settings: [string, string][]): Promise<void> {
  const code = await callersOf(sandbox).soap('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'demo', Settings: settings });
  if (code !== -3000) throw new Error(`SetUserSettings answered ${String(code)}`);
}

/** Sends the plan's letters (on the settings as they are) and cancels every other one; gives their IDs. */
async function sendAndCancel(sandbox: TestSandbox, plan: ChurnPlan): Promise<number[]> {
  const call = callersOf(sandbox).http;
  const ids: number[] = [];
  for (let i = 0; i < plan.letters; i++) {
    const workMode = i % 4 === 0 ? 'Production' : 'Development';
    // Its address in the recipient box of page 1, where the service reads a letter's sent without one.
    const letter = { FileExtension: 'html', FileBinaryData: Buffer.from(htmlWithAddress(`<p>Letter ${i}</p>`)), WorkMode: workMode };
    const id = (await call('simple', 'SendLetterV2', { ...demo, MyDescription: `letter ${i}`, ...letter })) as number;
    if (i % 2 === 1 && (await call('datedA', 'CancelDelivery', { ...demo, ID: id })) !== -3000) throw new Error(`cannot cancel ${id}`);
    ids.push(id);
  }
  return ids;
}

export async function churn(sandbox: TestSandbox, plan: ChurnPlan = ISSUE_CHURN): Promise<number[]> {
  for (let i = 0; i < plan.replaces; i++) await upload(sandbox, 'churn.pdf', fileVersion(plan, i), `version ${i}`);
  const call = callersOf(sandbox).http;
  for (let i = 0; i < plan.deletes; i++) {
    await upload(sandbox, 'scratch.html', Buffer.from(`<p>${'scratch '.repeat(2000)}${i}</p>`), 'scratch');
    const code = await call('datedA', 'DeleteUploadedFile', { ...demo, MyFileName: 'scratch.html' });
    if (code !== -3000) throw new Error('cannot delete scratch.html');
  }
  for (let i = 0; i < plan.settingChanges; i++) await setSettings(sandbox, settingsAt(i));
  return sendAndCancel(sandbox, plan);
}

/** The same final state as `churn`, reached directly. */
export async function freshFloor(sandbox: TestSandbox, plan: ChurnPlan = ISSUE_CHURN): Promise<number[]> {
  await upload(sandbox, 'churn.pdf', fileVersion(plan, plan.replaces - 1), `version ${plan.replaces - 1}`);
  await setSettings(sandbox, settingsAt(plan.settingChanges - 1));
  return sendAndCancel(sandbox, plan);
}
