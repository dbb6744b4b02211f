/**
 * The entry the extension host loads for the extension's own tests (as @vscode/test-electron
 * would): it runs mocha on the suites below, inside VS Code, and resolves or rejects with the result.
 */
import Mocha from 'mocha';
import { format } from 'node:util';

/** Marks the reporter's lines, so that the runner shows them and not the workbench's own chatter. */
export const LINE_TAG = '[mailroom-test]';

export async function run(): Promise<void> {
  (Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void }).consoleLog = (...args) =>
    console.log(`${LINE_TAG} ${format(...args)}`);
  // MAILROOM_TEST_GREP runs only the tests whose titles match, each setting up what it needs.
  const grep = process.env['MAILROOM_TEST_GREP'];
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec', ...(grep ? { grep } : {}) });
  mocha.suite.emit('pre-require', globalThis, 'extension', mocha);
  await import('./letters.test');
  await import('./stored-files.test');
  await import('./postcards.test');
  await import('./merges.test');
  await import('./pdf-preview.test');
  await import('./user-settings.test');
  // Its last test signs out of every account: the suites below start with none signed in.
  await import('./sign-in.test');
  await import('./addresses.test');
  await import('./deadline.test');
  await import('./accessibility.test');
  await import('./everyday.test');
  await import('./views.test');
  await import('./output-log.test');
  await import('./unanswered.test');
  await import('./proof.test');
  await import('./done.test');
  await import('./send-log.test');
  await import('./diagnostics.test');
  await import('./filter.test');
  await import('./batch-items.test');
  await import('./pushes.test');
  await import('./public-pushes.test');
  await import('./accounts.test');
  await import('./spending.test');
  await import('./one-price.test');
  await import('./repeats.test');
  await import('./print-sides.test');
  // After the others: it moves the sandbox's clock forward, for good.
  await import('./sandbox-control.test');
  // Last: it deactivates the extension.
  await import('./shutdown.test');
  await new Promise<void>((resolve, reject) =>
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} extension test(s) failed`)) : resolve())),
  );
}
