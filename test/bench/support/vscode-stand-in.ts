/**
 * Just enough of the `vscode` module for the Mailers tree and the extension's activation to run
 * in a plain Node process, where the benchmarks time them: events, tree items, icons, and
 * registrations that do nothing. Timing only; the extension's behaviour is tested in a real VS Code.
 */
import Module from 'node:module';

class EventEmitter<T> {
  private listeners: ((value: T) => void)[] = [];
  readonly event = (listener: (value: T) => void) => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(value: T): void {
    for (const listener of this.listeners) listener(value);
  }
  dispose(): void {
    this.listeners = [];
  }
}

class TreeItem {
  constructor(
    readonly label: string,
    readonly collapsibleState?: number,
  ) {}
}

class MarkdownString {
  supportThemeIcons = false;
  constructor(readonly value = '') {}
}

class ThemeIcon {
  constructor(
    readonly id: string,
    readonly color?: unknown,
  ) {}
}

class Uri {
  constructor(readonly fsPath: string) {}
  static file = (path: string) => new Uri(path);
  static joinPath = (base: Uri, ...parts: string[]) => new Uri([base.fsPath, ...parts].join('/'));
}

const disposable = { dispose: () => undefined };
const nothing = () => disposable;

export function memento(): { get<T>(key: string): T | undefined; update(key: string, value: unknown): Promise<void>; keys(): string[] } {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key, value) => void values.set(key, value),
    keys: () => [...values.keys()],
  };
}

export const vscodeStandIn = {
  EventEmitter,
  TreeItem,
  MarkdownString,
  ThemeIcon,
  ThemeColor: class {
    constructor(readonly id: string) {}
  },
  Uri,
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  StatusBarAlignment: { Left: 1, Right: 2 },
  ProgressLocation: { Notification: 15 },
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  window: {
    createTreeView: () => ({ ...disposable, reveal: async () => undefined }),
    createStatusBarItem: () => ({ ...disposable, show: () => undefined, hide: () => undefined }),
    createOutputChannel: () => ({ ...disposable, appendLine: () => undefined, show: () => undefined }),
    state: { focused: true },
  },
  commands: { registerCommand: nothing, executeCommand: async () => undefined },
  workspace: {
    getConfiguration: () => ({ get: <T>(_key: string, fallback: T) => fallback }),
    onDidChangeConfiguration: nothing,
    registerTextDocumentContentProvider: nothing,
  },
};

/** Makes `require('vscode')` answer the stand-in, for bundles that leave vscode external. */
export function installVscodeStandIn(): void {
  const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load;
  (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load = (request, ...rest) =>
    request === 'vscode' ? vscodeStandIn : load(request, ...rest);
}
