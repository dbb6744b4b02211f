/**
 * `mailroom --version`: the version of the package the command line runs from, read from its
 * package.json (beside dist/ when built or installed, above src/ when run from the sources), so
 * that it is the one `npm pack` and the Marketplace show. Read, not imported: src/ imports no file
 * outside its layers (test/docs/architecture.test.ts).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function packageVersion(from: string = __dirname): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === 'mailroom' && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // None here, or not one that reads: look further up.
    }
    if (dirname(dir) === dir) return undefined;
  }
}
