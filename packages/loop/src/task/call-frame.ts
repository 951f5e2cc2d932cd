import {
  CONTEXT_ABORTED,
  type ContextKey,
  contextAborted,
  type LazySignal,
  type ProgressSink,
  type ToolContext,
  type ToolProgress,
} from "@toolkit/core";
import type { RunScope } from "./run-scope.js";

/** Where a tool call sits: the run it belongs to, its call id and its turn. */
export interface CallFrame {
  readonly scope: RunScope;
  readonly callId: string;
  readonly turn: number;
}

/**
 * A context that is its base in every way (extensions, cleanups and temp dir
 * are the base's) plus the call's frame. Contexts derived with `withSignal`
 * (the timeout layer does it) or `withProgress` (dispatch does it) keep the
 * frame. Every member of ToolContext is forwarded: a new one must be added here.
 */
class FramedContext implements ToolContext {
  readonly base: ToolContext;
  readonly frame: CallFrame;

  constructor(base: ToolContext, frame: CallFrame) {
    this.base = base;
    this.frame = frame;
  }

  get cwd(): string {
    return this.base.cwd;
  }
  get sessionId(): string {
    return this.base.sessionId;
  }
  get tempDir(): string {
    return this.base.tempDir;
  }
  get isNonInteractive(): boolean {
    return this.base.isNonInteractive;
  }
  get isNonInteractiveGuessed(): boolean {
    return this.base.isNonInteractiveGuessed === true;
  }
  get userContext(): Readonly<Record<string, string>> {
    return this.base.userContext;
  }
  get signal(): AbortSignal {
    return this.base.signal;
  }
  setExtension<T extends object>(value: T): void {
    this.base.setExtension(value);
  }
  getExtension: ToolContext["getExtension"] = (cls) => this.base.getExtension(cls);
  getOrCreateExtension: ToolContext["getOrCreateExtension"] = (cls, create) =>
    this.base.getOrCreateExtension(cls, create);
  set<T>(key: ContextKey<T>, value: T): void {
    this.base.set(key, value);
  }
  get<T>(key: ContextKey<T>): T | undefined {
    return this.base.get(key);
  }
  ensureTempDir(): Promise<string> {
    return this.base.ensureTempDir();
  }
  get hasProgressListener(): boolean {
    return this.base.hasProgressListener;
  }
  progress(update: ToolProgress): void {
    this.base.progress(update);
  }
  [CONTEXT_ABORTED](): boolean {
    return contextAborted(this.base);
  }
  withSignal(signal: AbortSignal | LazySignal): ToolContext {
    return new FramedContext(this.base.withSignal(signal), this.frame);
  }
  withProgress(sink: ProgressSink): ToolContext {
    return new FramedContext(this.base.withProgress(sink), this.frame);
  }
  onDispose(fn: () => void | Promise<void>): () => void {
    return this.base.onDispose(fn);
  }
  dispose(): Promise<void> {
    return this.base.dispose();
  }
}

/** `ctx` carrying `frame` (replacing any frame it carried). */
export function withCallFrame(ctx: ToolContext, frame: CallFrame): ToolContext {
  return new FramedContext(ctx instanceof FramedContext ? ctx.base : ctx, frame);
}

/** The frame of the loop call `ctx` belongs to; undefined outside a BareLoop run. */
export function callFrameOf(ctx: ToolContext): CallFrame | undefined {
  return ctx instanceof FramedContext ? ctx.frame : undefined;
}
