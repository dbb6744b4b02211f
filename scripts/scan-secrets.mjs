// Scans text files for the passwords and API keys the tests use (test/secrets.json), as written
// and in the forms they take on the wire (percent-encoded in a URL, form-encoded in an HTTP GET
// query or POST body), since a leaked request shows them encoded. Exit 1 on a hit, naming the
// file and the secret's index, never the secret itself.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const { secrets } = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'secrets.json'), 'utf8'));
let hits = 0;
for (const file of process.argv.slice(2)) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // A file listed and gone before it was read (a lock the workbench removed as it closed) holds nothing.
    if (error.code === 'ENOENT') continue;
    throw error;
  }
  secrets.forEach((secret, index) => {
    const forms = [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
    if (forms.some((form) => text.includes(form))) {
      hits++;
      console.error(`secret scan: ${file} contains test secret #${index}`);
    }
  });
}
if (hits > 0) process.exit(1);
console.log(`secret scan: none of ${secrets.length} test secrets in ${process.argv.length - 2} file(s)`);
