// `npm start`: set up what is missing, build, start the sandbox of the Mail WS on 127.0.0.1:8317,
// and open VS Code with Mailroom on a copy of the sample workspace (test/sample), pointed at that
// sandbox (`mailroom.sandboxUrl`), so that the CLI and VS Code share it. The desktop `code`
// command is used when there is one; otherwise code-server, whose URL is printed. Ctrl+C stops all.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const state = join(root, '.vscode-test');
const run = (command, args) => execFileSync(command, args, { stdio: 'inherit', cwd: root });
const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const desktop = onPath('code') && !process.env.MAILROOM_CODE_SERVER;

run('bash', ['scripts/setup.sh']);
run('npm', ['run', '--silent', 'build']);
const { freePort } = await import('./vscode/code-server.mjs');

// The sandbox, with its data kept between runs.
const sandboxPort = await freePort(8317);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const children = [
  spawn(
    process.execPath,
    ['dist/cli.js', 'sandbox', '--port', String(sandboxPort), '--schedule', 'interactive', '--data', join(state, 'sandbox-data')],
    { cwd: root, stdio: 'inherit' },
  ),
];

// A copy of the sample, so that trying things never changes the repository.
const workspace = join(state, 'sample-workspace');
if (!existsSync(workspace)) cpSync(join(root, 'test', 'sample'), workspace, { recursive: true });
mkdirSync(join(workspace, '.vscode'), { recursive: true });
writeFileSync(
  join(workspace, '.vscode', 'settings.json'),
  `${JSON.stringify({ 'mailroom.sandboxUrl': sandboxUrl, 'workbench.startupEditor': 'readme' }, null, 2)}\n`,
);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

if (desktop) {
  run('code', ['--new-window', `--extensionDevelopmentPath=${root}`, workspace, join(workspace, 'letter.md')]);
  console.log(
    `\nVS Code is open on ${workspace} with Mailroom loaded from this folder.\nThe sandbox serves ${sandboxUrl} (user demo, password demo). Ctrl+C stops it.\n`,
  );
} else {
  const { installExtension, startCodeServer } = await import('./vscode/code-server.mjs');
  run('npx', ['--no-install', 'vsce', 'package', '--no-dependencies', '--out', join(state, 'mailroom.vsix')]);
  const codeState = join(state, 'start-state');
  installExtension(codeState, join(state, 'mailroom.vsix'));
  const codeServer = await startCodeServer({ state: codeState, port: await freePort(8080) });
  children.push(codeServer.server);
  console.log(`
No desktop \`code\` command here, so Mailroom runs in code-server. Open this address in a browser:

    ${codeServer.url}/?folder=${encodeURI(workspace)}

The sandbox serves ${sandboxUrl} (user demo, password demo; its help pages are there too).
Ctrl+C stops both.
`);
}
