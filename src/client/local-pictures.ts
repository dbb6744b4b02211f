/**
 * A Markdown letter's pictures beside its file, put inside the letter as data: URIs. Sent as it
 * is, the letter goes to the service's own converter, which cannot read the writer's folder: only
 * what is inside the HTML reaches it. Pictures are read from the file's folder and nowhere outside
 * it, as the browser that draws the proof reads them (src/printing/engines/chromium.ts); one that
 * is not there, or is not a picture, is left as written, and the proof says it is missing.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Token } from 'markdown-it';

/** The picture types a browser draws, by file extension. */
const PICTURE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
};

/** A URL with a scheme (https:, data:) or a host (//) is not a file beside the letter. */
const elsewhere = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The picture's file, when `src` names one inside `base`. */
function pictureFile(base: string, src: string): string | undefined {
  if (elsewhere.test(src)) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(src.replace(/[?#].*$/s, ''));
  } catch {
    return undefined;
  }
  const file = resolve(base, path);
  const inside = relative(base, file);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? undefined : file;
}

async function dataUri(file: string): Promise<string | undefined> {
  const type = PICTURE_TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()];
  if (!type) return undefined;
  try {
    return `data:${type};base64,${(await readFile(file)).toString('base64')}`;
  } catch {
    return undefined;
  }
}

/** Every picture of the parsed Markdown that is a file inside `base`, made a data: URI in place. */
export async function inlinePictures(tokens: readonly Token[], base: string): Promise<void> {
  const pictures = tokens.flatMap((token) => (token.children ?? []).filter((child) => child.type === 'image'));
  await Promise.all(
    pictures.map(async (picture) => {
      const file = pictureFile(base, String(picture.attrGet('src') ?? ''));
      const uri = file ? await dataUri(file) : undefined;
      if (uri) picture.attrSet('src', uri);
    }),
  );
}
