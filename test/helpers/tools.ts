/** Real outside tools the tests drive: xmllint and Debian's Python with zeep. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const projectRoot = join(__dirname, '..', '..');

/** Debian's Python, where python3-zeep and lxml are installed (not a pyenv one on PATH). */
export const systemPython = '/usr/bin/python3';

/** The W3C SOAP encoding schema, shipped inside strong-soap (no Debian package carries it). */
export const soapEncodingXsd = join(projectRoot, 'node_modules', 'strong-soap', 'xsds', 'soap-encoding.xsd');

export function runPythonTool(...args: string[]): string {
  return execFileSync(systemPython, [join(projectRoot, 'test', 'tools', 'wsdl_tools.py'), ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

export interface XmllintResult {
  readonly ok: boolean;
  readonly output: string;
}

export function xmllint(...args: string[]): XmllintResult {
  const result = spawnSync('xmllint', args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** A fresh temporary folder, removed after the current mocha suite. */
export function useTempDir(): () => string {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mailroom-test-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}
