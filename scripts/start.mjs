// `npm start`: set up, build, and run Mailroom on its embedded sandbox.
// Today it sets up and builds; the sandbox (issue 3) and the VS Code launch (issue 6) plug in here.
import { execFileSync } from 'node:child_process';

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });

run('bash', ['scripts/setup.sh']);
run('npm', ['run', '--silent', 'build']);
console.log(`
Mailroom is built: dist/extension.js (the extension), dist/cli.js (the mailroom command line)
and dist/wsdl/ (the four WSDLs of the Mail WS).
The embedded sandbox and the VS Code launch are not built yet; see the README's roadmap.`);
