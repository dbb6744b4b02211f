// `npm run screenshots`: runs the browser end-to-end flows and copies the pictures the README
// shows from dist-test/e2e/ to media/screenshots/. A step's picture is found by the step's name
// (its file is `NN-step-name.png`), so that adding a step does not move the pictures.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const shots = join(root, 'dist-test', 'e2e');
execFileSync(process.execPath, ['--import', 'tsx', 'test/e2e/flows.ts'], { cwd: root, stdio: 'inherit' });
const pictures = {
  'use-the-local-sandbox-from-the-welcome-view': 'welcome.png',
  'send-the-markdown-letter-from-the-command-palette': 'send-letter.png',
  'picture-work-mode': 'work-mode.png',
  'the-waiting-preview-draws-the-printed-pdf-by-itself': 'pdf-preview.png',
  'show-details-opens-its-own-panel-in-words-which-stays-when-a-markdown-file-is-opened': 'details.png',
  'upload-the-pdf-from-the-explorer-to-stored-files': 'stored-files.png',
  'a-mail-merge-of-the-sample-csv-makes-a-batch-with-one-item-per-row': 'mailers-tree.png',
  'picture-not-answering': 'not-answering.png',
  'picture-filtered': 'filtered.png',
  'preview-before-sending-shows-the-proof-with-its-findings-squiggled-in-the-letter-too': 'proof.png',
};
const taken = readdirSync(shots);
mkdirSync(join(root, 'media', 'screenshots'), { recursive: true });
for (const [step, to] of Object.entries(pictures)) {
  const from = taken.find((file) => file === `${step}.png` || file.replace(/^\d+-/, '') === `${step}.png`);
  if (!from) throw new Error(`no picture of "${step}" in dist-test/e2e/: was the step renamed?`);
  copyFileSync(join(shots, from), join(root, 'media', 'screenshots', to));
}
console.log(`Copied ${Object.keys(pictures).length} pictures to media/screenshots/.`);
