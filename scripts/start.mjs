// `npm start`: set up, build, and run Mailroom on its embedded sandbox.
// Today that is the sandbox with its help pages; the VS Code launch (issue 6) plugs in here.
import { execFileSync, spawn } from 'node:child_process';

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });

run('bash', ['scripts/setup.sh']);
run('npm', ['run', '--silent', 'build']);
console.log(`
Mailroom is built. Starting its sandbox of the Mail WS; open the address below in a browser to
see the services and try any operation (user demo, password demo). Ctrl+C stops it.
`);
const sandbox = spawn(process.execPath, ['dist/cli.js', 'sandbox', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => sandbox.kill(signal));
sandbox.on('exit', (code) => process.exit(code ?? 0));
