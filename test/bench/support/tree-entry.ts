/** The Mailers tree and what it reads, bundled for the tracking benchmark (vscode left external). */
export { MailersTree } from '../../../src/extension/views/mailers-tree';
export { TrackedMailers } from '../../../src/extension/tracked-mailers';
