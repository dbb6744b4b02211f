/** The WSDLs as built into dist/ and as the command line prints them (run after `npm run build`). */
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ENDPOINT, generateWsdl, serviceList, serviceUrl, wsdlFileName } from '../../src/contract';
import { projectRoot } from '../helpers/tools';

const cli = join(projectRoot, 'dist', 'cli.js');

describe('mailroom wsdl, and the WSDLs in dist/', () => {
  it('builds one WSDL a service into dist/wsdl, as the contract generates it', () => {
    for (const service of serviceList) {
      const built = readFileSync(join(projectRoot, 'dist', 'wsdl', wsdlFileName(service)), 'utf8');
      assert.equal(built, generateWsdl(service, serviceUrl(DEFAULT_ENDPOINT, service)));
    }
  });

  it("prints a service's WSDL for another endpoint, named by key or path", () => {
    const admin = serviceList.find((s) => s.key === 'admin')!;
    const byKey = execFileSync(process.execPath, [cli, 'wsdl', 'admin', '--endpoint', 'https://mail.example.test/'], { encoding: 'utf8' });
    const byPath = execFileSync(process.execPath, [cli, 'wsdl', admin.path, '--endpoint', 'https://mail.example.test'], {
      encoding: 'utf8',
    });
    assert.equal(byKey, generateWsdl(admin, 'https://mail.example.test/2009-09-09/AdminTools.asmx'));
    assert.equal(byPath, byKey);
  });

  it('exits 2 with the usage on a mistake', () => {
    const unknown = spawnSync(process.execPath, [cli, 'wsdl', 'nope'], { encoding: 'utf8' });
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /No service "nope"/);
    const noCommand = spawnSync(process.execPath, [cli, 'fly'], { encoding: 'utf8' });
    assert.equal(noCommand.status, 2);
    assert.match(noCommand.stderr, /Unknown command "fly"/);
  });
});
