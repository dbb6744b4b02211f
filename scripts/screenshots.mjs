// `npm run screenshots`: runs the browser end-to-end flows and copies the pictures the README
// shows from dist-test/e2e/ to media/screenshots/.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
execFileSync(process.execPath, ['--import', 'tsx', 'test/e2e/flows.ts'], { cwd: root, stdio: 'inherit' });
const pictures = {
  '01-use-the-local-sandbox-from-the-welcome-view.png': 'welcome.png',
  '02-send-the-markdown-letter-from-the-command-palette.png': 'send-letter.png',
  'picture-work-mode.png': 'work-mode.png',
  '04-preview-the-printed-pdf.png': 'pdf-preview.png',
  '05-upload-the-pdf-from-the-explorer-to-stored-files.png': 'stored-files.png',
  '07-a-mail-merge-of-the-sample-csv-makes-a-batch-with-one-item-per-row.png': 'mailers-tree.png',
};
mkdirSync(join(root, 'media', 'screenshots'), { recursive: true });
for (const [from, to] of Object.entries(pictures))
  copyFileSync(join(root, 'dist-test', 'e2e', from), join(root, 'media', 'screenshots', to));
console.log(`Copied ${Object.keys(pictures).length} pictures to media/screenshots/.`);
