/**
 * Where the print engines are on this machine: a Chromium-based browser (Chrome, Chromium, Edge,
 * Brave) for HTML and Markdown, and LibreOffice for Word and OpenDocument. A path someone gave (a
 * setting, a flag) comes first, then the environment (`MAILROOM_BROWSER`, `MAILROOM_OFFICE`),
 * then the places each system keeps them. `none` as a path turns that engine off: the proof then
 * says it is an approximation, and how to get the real one.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export type EngineKind = 'browser' | 'office';

/** The environment variable that names each engine's program. */
export const ENGINE_VARIABLES: Readonly<Record<EngineKind, string>> = { browser: 'MAILROOM_BROWSER', office: 'MAILROOM_OFFICE' };

/** What turns an engine off where a path is asked for. */
export const ENGINE_OFF = 'none';

/** An engine's program, or why there is none: never found, turned off, or a given path that is not a program. */
export type Found = { readonly path: string } | { readonly missing: 'not-found' | 'off' | 'not-a-program'; readonly given?: string };

function runnable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(names: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const folders = (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean);
  const suffixes = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  return folders.flatMap((folder) => names.flatMap((name) => suffixes.map((suffix) => join(folder, name + suffix))));
}

/** Each system's usual places, most likely first. */
function usualPlaces(kind: EngineKind, env: NodeJS.ProcessEnv): string[] {
  const windows = [env['PROGRAMFILES(X86)'], env.PROGRAMFILES, env.LOCALAPPDATA].filter((f): f is string => Boolean(f));
  if (kind === 'browser') {
    switch (process.platform) {
      case 'win32':
        return windows.flatMap((root) => [
          join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
          join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
          join(root, 'Chromium', 'Application', 'chrome.exe'),
          join(root, 'BraveSoftware', 'Brave-Browser', 'Application', 'brave.exe'),
        ]);
      case 'darwin':
        return [
          '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
          '/Applications/Chromium.app/Contents/MacOS/Chromium',
          '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
          '/Applications/Brave Browser.app/Contents/MacOS/Brave Browser',
        ];
      default:
        return [
          ...onPath(['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge', 'brave-browser'], env),
          '/snap/bin/chromium',
        ];
    }
  }
  switch (process.platform) {
    case 'win32':
      return windows.map((root) => join(root, 'LibreOffice', 'program', 'soffice.exe'));
    case 'darwin':
      return ['/Applications/LibreOffice.app/Contents/MacOS/soffice'];
    default:
      return [...onPath(['soffice', 'libreoffice'], env), '/usr/lib/libreoffice/program/soffice', '/snap/bin/libreoffice'];
  }
}

/** The engine's program: the path given (or `none`), else the environment's, else the first of the usual places that is there. */
export function findEngine(kind: EngineKind, given?: string, env: NodeJS.ProcessEnv = process.env): Found {
  const named = given?.trim() || env[ENGINE_VARIABLES[kind]]?.trim();
  if (named) {
    if (named.toLowerCase() === ENGINE_OFF) return { missing: 'off' };
    return runnable(named) ? { path: named } : { missing: 'not-a-program', given: named };
  }
  const path = usualPlaces(kind, env).find(runnable);
  return path ? { path } : { missing: 'not-found' };
}
