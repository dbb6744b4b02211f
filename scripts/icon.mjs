// Draws media/icon.png (128 × 128, the Marketplace icon) from media/icon.svg in Debian's Chromium,
// the one drawing tool every machine of the project has (scripts/setup.sh installs it).
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';

const svg = readFileSync(new URL('../media/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
  await page.screenshot({ path: new URL('../media/icon.png', import.meta.url).pathname, omitBackground: true });
} finally {
  await browser.close();
}
