/**
 * Who disposes what. Every listener, event emitter, webview panel, timer and client the extension
 * makes is registered with an owner and goes when its owner goes (after the Disposable base class
 * with `_register` of vscode-pull-request-github's src/common/lifecycle.ts). What is alive is
 * counted as it is registered, subscribed and let go, so that the in-host tests can show that
 * opening and closing things many times leaves nothing behind.
 */
import * as vscode from 'vscode';

/** What is alive now, across the whole extension. */
export interface AliveCounts {
  /** Children held by an owner and not yet disposed. */
  readonly owned: number;
  /** Listeners subscribed to the extension's own emitters and not yet let go. */
  readonly listeners: number;
  /** Timers set and neither run nor cleared. */
  readonly timers: number;
}

const alive = { owned: 0, listeners: 0, timers: 0 };

export function aliveCounts(): AliveCounts {
  return { ...alive };
}

/** A disposable that runs its action once, however often it is disposed. */
export function toDisposable(action: () => void): vscode.Disposable {
  let done = false;
  return {
    dispose: () => {
      if (done) return;
      done = true;
      action();
    },
  };
}

export abstract class Disposable implements vscode.Disposable {
  private readonly owned = new Set<vscode.Disposable>();
  private disposed = false;

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Takes a child, disposed with this owner: at once if the owner is gone already. */
  protected register<T extends vscode.Disposable>(child: T): T {
    if (this.disposed) child.dispose();
    else if (!this.owned.has(child)) {
      this.owned.add(child);
      alive.owned++;
    }
    return child;
  }

  /** Disposes a child before its owner goes (a closed panel, a replaced client) and forgets it. */
  protected release(child: vscode.Disposable): void {
    if (this.owned.delete(child)) alive.owned--;
    child.dispose();
  }

  /** Disposes the children, newest first; a child that fails does not keep the others alive. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const children = [...this.owned].reverse();
    alive.owned -= this.owned.size;
    this.owned.clear();
    const errors: unknown[] = [];
    for (const child of children) {
      try {
        child.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'several parts of Mailroom failed to dispose');
  }
}

/** vscode.EventEmitter, with its listeners counted and all let go when it is disposed. */
export class Emitter<T> implements vscode.Disposable {
  private readonly inner = new vscode.EventEmitter<T>();
  private readonly subscriptions = new Set<vscode.Disposable>();

  readonly event: vscode.Event<T> = (listener, thisArgs?, disposables?) => {
    const inner = this.inner.event(listener, thisArgs);
    const subscription = toDisposable(() => {
      if (this.subscriptions.delete(subscription)) alive.listeners--;
      inner.dispose();
    });
    this.subscriptions.add(subscription);
    alive.listeners++;
    if (Array.isArray(disposables)) disposables.push(subscription);
    return subscription;
  };

  fire(value: T): void {
    this.inner.fire(value);
  }

  dispose(): void {
    for (const subscription of [...this.subscriptions]) subscription.dispose();
    this.inner.dispose();
  }
}

/** Runs `action` once after `ms`, unless disposed first. */
export function timeout(ms: number, action: () => void): vscode.Disposable {
  alive.timers++;
  const stop = toDisposable(() => {
    clearTimeout(handle);
    alive.timers--;
  });
  const handle = setTimeout(() => {
    stop.dispose();
    action();
  }, ms);
  return stop;
}
