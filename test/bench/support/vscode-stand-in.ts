/**
 * The `vscode` module for the benchmarks, which time the Mailers tree and the extension's loading
 * and activation in a plain Node process: every value of the API that src/ uses, each by name
 * (not a Proxy, which would answer anything and hide what is missing), and the little those need.
 * Timing only: the extension's behaviour is tested in a real VS Code. Registrations and listeners
 * do nothing, questions get no answer, settings are their defaults, no document or editor is open,
 * and `workspace.fs` reads and writes the real disk. `l10n.t` formats as VS Code's does without a
 * translation (`{0}` and `{name}` placeholders).
 *
 * test/bench/vscode-stand-in.test.ts reads every `vscode.…` that src/ uses as a value and checks
 * that it is here, so that a benchmark cannot crash on the next one the extension takes up.
 */
import * as l10n from '@vscode/l10n';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import Module from 'node:module';
import { dirname, posix } from 'node:path';

type Listener<T> = (value: T) => unknown;

class Disposable {
  static from(...disposables: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => disposables.forEach((d) => d.dispose()));
  }
  constructor(private readonly callOnDispose: () => unknown) {}
  dispose(): void {
    this.callOnDispose();
  }
}

const nothingToDispose = () => new Disposable(() => undefined);
/** An event that never fires. */
const never = (_listener: Listener<never>, _thisArgs?: unknown, disposables?: Disposable[]) => {
  const disposable = nothingToDispose();
  disposables?.push(disposable);
  return disposable;
};

class EventEmitter<T> {
  private listeners: Listener<T>[] = [];
  readonly event = (listener: Listener<T>, thisArgs?: unknown, disposables?: Disposable[]) => {
    const bound: Listener<T> = thisArgs === undefined ? listener : listener.bind(thisArgs);
    this.listeners.push(bound);
    const disposable = new Disposable(() => (this.listeners = this.listeners.filter((l) => l !== bound)));
    disposables?.push(disposable);
    return disposable;
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners = [];
  }
}

class Uri {
  private constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
    readonly query: string,
    readonly fragment: string,
  ) {}
  static file(path: string): Uri {
    return new Uri('file', '', path.replace(/\\/g, '/'), '', '');
  }
  static parse(value: string): Uri {
    const url = new URL(value);
    return new Uri(url.protocol.replace(/:$/, ''), url.host, decodeURIComponent(url.pathname), url.search.slice(1), url.hash.slice(1));
  }
  static joinPath(base: Uri, ...segments: string[]): Uri {
    return base.with({ path: posix.join(base.path, ...segments) });
  }
  get fsPath(): string {
    return this.path;
  }
  with(change: { scheme?: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(
      change.scheme ?? this.scheme,
      change.authority ?? this.authority,
      change.path ?? this.path,
      change.query ?? this.query,
      change.fragment ?? this.fragment,
    );
  }
  toString(): string {
    return `${this.scheme}://${this.authority}${encodeURI(this.path)}${this.query ? `?${this.query}` : ''}${this.fragment ? `#${this.fragment}` : ''}`;
  }
  toJSON(): unknown {
    return { scheme: this.scheme, authority: this.authority, path: this.path, query: this.query, fragment: this.fragment };
  }
}

class Position {
  constructor(
    readonly line: number,
    readonly character: number,
  ) {}
}

class Range {
  readonly start: Position;
  readonly end: Position;
  constructor(start: Position | number, end: Position | number, endLine?: number, endCharacter?: number) {
    if (typeof start === 'number' && typeof end === 'number') {
      this.start = new Position(start, end);
      this.end = new Position(endLine ?? start, endCharacter ?? end);
    } else {
      this.start = start as Position;
      this.end = end as Position;
    }
  }
}

class ThemeColor {
  constructor(readonly id: string) {}
}

class ThemeIcon {
  static readonly File = new ThemeIcon('file');
  static readonly Folder = new ThemeIcon('folder');
  constructor(
    readonly id: string,
    readonly color?: ThemeColor,
  ) {}
}

class MarkdownString {
  isTrusted = false;
  constructor(
    public value = '',
    public supportThemeIcons = false,
  ) {}
  appendText(text: string): this {
    this.value += text.replace(/[\\`*_{}[\]()#+\-.!<>]/g, '\\$&');
    return this;
  }
  appendMarkdown(markdown: string): this {
    this.value += markdown;
    return this;
  }
}

class TreeItem {
  label?: string;
  resourceUri?: Uri;
  id?: string;
  description?: string | boolean;
  tooltip?: string | MarkdownString;
  iconPath?: ThemeIcon | Uri;
  command?: unknown;
  contextValue?: string;
  accessibilityInformation?: { label: string; role?: string };
  constructor(
    labelOrUri: string | Uri,
    public collapsibleState: number = TreeItemCollapsibleState.None,
  ) {
    if (typeof labelOrUri === 'string') this.label = labelOrUri;
    else this.resourceUri = labelOrUri;
  }
}

class CodeActionKind {
  static readonly Empty = new CodeActionKind('');
  static readonly QuickFix = new CodeActionKind('quickfix');
  static readonly Refactor = new CodeActionKind('refactor');
  static readonly Source = new CodeActionKind('source');
  private constructor(readonly value: string) {}
  append(part: string): CodeActionKind {
    return new CodeActionKind(this.value ? `${this.value}.${part}` : part);
  }
  contains(other: CodeActionKind): boolean {
    return this.value === '' || other.value === this.value || other.value.startsWith(`${this.value}.`);
  }
  intersects(other: CodeActionKind): boolean {
    return this.contains(other) || other.contains(this);
  }
}

class WorkspaceEdit {
  private readonly edits: { uri: Uri; range: Range; newText: string }[] = [];
  get size(): number {
    return new Set(this.edits.map((e) => e.uri.toString())).size;
  }
  replace(uri: Uri, range: Range, newText: string): void {
    this.edits.push({ uri, range, newText });
  }
  insert(uri: Uri, position: Position, newText: string): void {
    this.edits.push({ uri, range: new Range(position, position), newText });
  }
  delete(uri: Uri, range: Range): void {
    this.edits.push({ uri, range, newText: '' });
  }
}

class CodeAction {
  edit?: WorkspaceEdit;
  diagnostics?: Diagnostic[];
  isPreferred?: boolean;
  command?: unknown;
  constructor(
    readonly title: string,
    readonly kind?: CodeActionKind,
  ) {}
}

class CodeLens {
  constructor(
    readonly range: Range,
    readonly command?: unknown,
  ) {}
  get isResolved(): boolean {
    return this.command !== undefined;
  }
}

class Location {
  constructor(
    readonly uri: Uri,
    readonly range: Range,
  ) {}
}

class DiagnosticRelatedInformation {
  constructor(
    readonly location: Location,
    readonly message: string,
  ) {}
}

class Diagnostic {
  source?: string;
  code?: string | number;
  relatedInformation?: DiagnosticRelatedInformation[];
  constructor(
    readonly range: Range,
    readonly message: string,
    readonly severity: number = DiagnosticSeverity.Error,
  ) {}
}

class TabInputText {
  constructor(readonly uri: Uri) {}
}

class TabInputCustom {
  constructor(
    readonly uri: Uri,
    readonly viewType: string,
  ) {}
}

class TabInputNotebook {
  constructor(
    readonly uri: Uri,
    readonly notebookType: string,
  ) {}
}

class RelativePattern {
  constructor(
    readonly base: Uri | string,
    readonly pattern: string,
  ) {}
}

class FileSystemError extends Error {
  static FileNotFound = (messageOrUri?: string | Uri) => new FileSystemError(messageOrUri, 'FileNotFound');
  static FileExists = (messageOrUri?: string | Uri) => new FileSystemError(messageOrUri, 'FileExists');
  static FileNotADirectory = (messageOrUri?: string | Uri) => new FileSystemError(messageOrUri, 'FileNotADirectory');
  static FileIsADirectory = (messageOrUri?: string | Uri) => new FileSystemError(messageOrUri, 'FileIsADirectory');
  static NoPermissions = (messageOrUri?: string | Uri) => new FileSystemError(messageOrUri, 'NoPermissions');
  static Unavailable = (messageOrUri?: string | Uri) => new FileSystemError(messageOrUri, 'Unavailable');
  constructor(
    messageOrUri?: string | Uri,
    readonly code = 'Unknown',
  ) {
    super(typeof messageOrUri === 'string' ? messageOrUri : `${code}: ${messageOrUri?.toString() ?? ''}`);
    this.name = `${code} (FileSystemError)`;
  }
}

const TreeItemCollapsibleState = { None: 0, Collapsed: 1, Expanded: 2 } as const;
const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 } as const;

/** Node's errors as VS Code's file system gives them. */
async function fileSystem<T>(uri: Uri, work: (path: string) => Promise<T>): Promise<T> {
  try {
    return await work(uri.fsPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw FileSystemError.FileNotFound(uri);
    if (code === 'EISDIR') throw FileSystemError.FileIsADirectory(uri);
    if (code === 'EACCES' || code === 'EPERM') throw FileSystemError.NoPermissions(uri);
    throw error;
  }
}

/** A quick input's common part (an input box, a quick pick): shown to no one, never accepted. */
function quickInput() {
  return {
    title: undefined as string | undefined,
    step: undefined as number | undefined,
    totalSteps: undefined as number | undefined,
    enabled: true,
    busy: false,
    ignoreFocusOut: false,
    placeholder: undefined as string | undefined,
    value: '',
    buttons: [] as unknown[],
    show: () => undefined,
    hide: () => undefined,
    dispose: () => undefined,
    onDidHide: never,
    onDidAccept: never,
    onDidChangeValue: never,
    onDidTriggerButton: never,
  };
}

const commandRegistry = new Map<string, (...args: unknown[]) => unknown>();
let clipboard = '';

export const vscodeStandIn = {
  // Classes
  CodeAction,
  CodeActionKind,
  CodeLens,
  Diagnostic,
  DiagnosticRelatedInformation,
  Disposable,
  EventEmitter,
  FileSystemError,
  Location,
  MarkdownString,
  Position,
  Range,
  RelativePattern,
  TabInputCustom,
  TabInputNotebook,
  TabInputText,
  ThemeColor,
  ThemeIcon,
  TreeItem,
  Uri,
  WorkspaceEdit,
  // Enumerations, with VS Code's values
  DiagnosticSeverity,
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  InputBoxValidationSeverity: { Info: 1, Warning: 2, Error: 3 },
  ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
  QuickInputButtons: { Back: { iconPath: new ThemeIcon('arrow-left') } },
  QuickPickItemKind: { Separator: -1, Default: 0 },
  StatusBarAlignment: { Left: 1, Right: 2 },
  TreeItemCollapsibleState,
  ViewColumn: { Active: -1, Beside: -2, One: 1, Two: 2, Three: 3 },
  // Namespaces
  commands: {
    registerCommand: (id: string, run: (...args: unknown[]) => unknown) => {
      commandRegistry.set(id, run);
      return new Disposable(() => commandRegistry.delete(id));
    },
    executeCommand: async (id: string, ...args: unknown[]) => commandRegistry.get(id)?.(...args),
  },
  env: {
    language: 'en',
    clipboard: {
      readText: async () => clipboard,
      writeText: async (text: string) => void (clipboard = text),
    },
  },
  l10n: {
    /** VS Code's own formatting without a translation, which @vscode/l10n shares: `{0}`, `{name}`. */
    t: l10n.t,
    bundle: undefined as Record<string, string> | undefined,
    uri: undefined as Uri | undefined,
  },
  languages: {
    createDiagnosticCollection: (name = '') => {
      const entries = new Map<string, readonly Diagnostic[]>();
      return {
        name,
        set: (uri: Uri, diagnostics: readonly Diagnostic[] | undefined) =>
          void (diagnostics ? entries.set(uri.toString(), diagnostics) : entries.delete(uri.toString())),
        delete: (uri: Uri) => void entries.delete(uri.toString()),
        clear: () => entries.clear(),
        get: (uri: Uri) => entries.get(uri.toString()),
        has: (uri: Uri) => entries.has(uri.toString()),
        forEach: (each: (uri: Uri, diagnostics: readonly Diagnostic[]) => void) =>
          entries.forEach((diagnostics, uri) => each(Uri.parse(uri), diagnostics)),
        dispose: () => entries.clear(),
      };
    },
    registerCodeActionsProvider: nothingToDispose,
    registerCodeLensProvider: nothingToDispose,
  },
  window: {
    activeTextEditor: undefined,
    state: { focused: true, active: true },
    tabGroups: {
      all: [] as { tabs: { input: unknown }[] }[],
      activeTabGroup: { activeTab: undefined as { input: unknown } | undefined, tabs: [] as { input: unknown }[] },
      onDidChangeTabs: never,
      onDidChangeTabGroups: never,
    },
    createInputBox: () => ({ ...quickInput(), prompt: undefined, password: false, validationMessage: undefined as unknown }),
    createQuickPick: () => ({
      ...quickInput(),
      items: [] as unknown[],
      activeItems: [] as unknown[],
      selectedItems: [] as unknown[],
      canSelectMany: false,
      matchOnDescription: false,
      matchOnDetail: false,
      onDidChangeActive: never,
      onDidChangeSelection: never,
      onDidTriggerItemButton: never,
    }),
    createOutputChannel: (name: string) => ({
      name,
      logLevel: 3,
      append: () => undefined,
      appendLine: () => undefined,
      replace: () => undefined,
      clear: () => undefined,
      trace: () => undefined,
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
      show: () => undefined,
      hide: () => undefined,
      onDidChangeLogLevel: never,
      dispose: () => undefined,
    }),
    createStatusBarItem: (alignment = 1, priority?: number) => ({
      id: '',
      alignment,
      priority,
      text: '',
      show: () => undefined,
      hide: () => undefined,
      dispose: () => undefined,
    }),
    createTreeView: () => ({
      visible: false,
      selection: [] as unknown[],
      reveal: async () => undefined,
      onDidChangeVisibility: never,
      onDidChangeSelection: never,
      onDidExpandElement: never,
      onDidCollapseElement: never,
      dispose: () => undefined,
    }),
    createWebviewPanel: (viewType: string, title: string, viewColumn: number, options: unknown = {}) => ({
      viewType,
      title,
      viewColumn,
      options,
      visible: true,
      active: true,
      webview: {
        html: '',
        options,
        cspSource: 'vscode-webview:',
        asWebviewUri: (uri: Uri) => uri.with({ scheme: 'vscode-webview' }),
        postMessage: async () => true,
        onDidReceiveMessage: never,
      },
      reveal: () => undefined,
      onDidChangeViewState: never,
      onDidDispose: never,
      dispose: () => undefined,
    }),
    setStatusBarMessage: nothingToDispose,
    showInformationMessage: async () => undefined,
    showWarningMessage: async () => undefined,
    showErrorMessage: async () => undefined,
    showOpenDialog: async () => undefined,
    showSaveDialog: async () => undefined,
    showTextDocument: async () => undefined,
    withProgress: async <R>(_options: unknown, task: (progress: { report(value: unknown): void }, token: unknown) => Promise<R>) =>
      task({ report: () => undefined }, { isCancellationRequested: false, onCancellationRequested: never }),
  },
  workspace: {
    workspaceFolders: undefined,
    textDocuments: [] as { uri: Uri; getText(): string }[],
    getConfiguration: () => ({
      get: <T>(_key: string, fallback?: T) => fallback,
      has: () => false,
      inspect: () => undefined,
      update: async () => undefined,
    }),
    asRelativePath: (pathOrUri: string | Uri) => (typeof pathOrUri === 'string' ? pathOrUri : pathOrUri.fsPath),
    findFiles: async () => [] as Uri[],
    createFileSystemWatcher: () => ({
      onDidChange: never,
      onDidCreate: never,
      onDidDelete: never,
      dispose: () => undefined,
    }),
    openTextDocument: async () => {
      throw new Error('no document is opened in the benchmarks');
    },
    fs: {
      readFile: (uri: Uri) => fileSystem(uri, async (path) => new Uint8Array(await readFile(path))),
      writeFile: (uri: Uri, content: Uint8Array) =>
        fileSystem(uri, async (path) => {
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, content);
        }),
      stat: (uri: Uri) =>
        fileSystem(uri, async (path) => {
          const s = await stat(path);
          return { type: s.isDirectory() ? 2 : 1, ctime: s.ctimeMs, mtime: s.mtimeMs, size: s.size };
        }),
    },
    onDidChangeConfiguration: never,
    onDidOpenTextDocument: never,
    onDidChangeTextDocument: never,
    onDidCloseTextDocument: never,
  },
};

export interface Memento {
  get<T>(key: string, fallback?: T): T | undefined;
  update(key: string, value: unknown): Promise<void>;
  keys(): readonly string[];
}

/** An empty state, kept in memory (what the extension keeps between sessions). */
export function memento(): Memento {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: async (key, value) => void (value === undefined ? values.delete(key) : values.set(key, value)),
    keys: () => [...values.keys()],
  };
}

/** What VS Code hands activate() at a first start (no account yet): the extension in one folder, its storage in another. */
export function extensionContext(extensionFolder: string, storageFolder: string) {
  const secrets = new Map<string, string>();
  return {
    subscriptions: [] as { dispose(): unknown }[],
    globalState: { ...memento(), setKeysForSync: () => undefined },
    workspaceState: memento(),
    secrets: {
      get: async (key: string) => secrets.get(key),
      store: async (key: string, value: string) => void secrets.set(key, value),
      delete: async (key: string) => void secrets.delete(key),
      onDidChange: never,
    },
    extensionUri: Uri.file(extensionFolder),
    extensionPath: extensionFolder,
    globalStorageUri: Uri.joinPath(Uri.file(storageFolder), 'global'),
    storageUri: Uri.joinPath(Uri.file(storageFolder), 'workspace'),
    logUri: Uri.joinPath(Uri.file(storageFolder), 'logs'),
    extensionMode: vscodeStandIn.ExtensionMode.Production,
  };
}

/** Makes `require('vscode')` answer the stand-in, for bundles that leave vscode external. */
export function installVscodeStandIn(): void {
  const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load;
  (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load = (request, ...rest) =>
    request === 'vscode' ? vscodeStandIn : load(request, ...rest);
}
