import { homedir } from "node:os";
import { isAbsolute } from "node:path";
import { type ToolContext, ToolError, type Workspace } from "@toolkit/core";
import type { ShellBackend, SpawnRequest } from "../process/shell-backend.js";
import type { ProxyLookupFunction } from "./allow-list-proxy.js";
import { createBwrapBackend } from "./bwrap-backend.js";
import { detectSandbox } from "./detect-sandbox.js";
import type { NormalizedPolicy } from "./policy.js";
import { policyHint } from "./policy-hint.js";
import { ProtectScanError } from "./protected-paths.js";
import { protectSweep } from "./protect-sweep.js";
import { type ResolveMountsOptions, resolveMounts, type SandboxMounts } from "./resolve-mounts.js";
import { unsandboxedNote } from "./sandbox-notice.js";

/** The sandbox part of resolved shell options. */
export interface SandboxChoice {
  readonly mode: "off" | "auto" | "required";
  readonly policy: NormalizedPolicy;
  /** Name resolution of the allow-list proxy (a seam for tests). */
  readonly lookup?: ProxyLookupFunction | undefined;
  /** The `bwrapPath` option: an absolute path, else the system directories are searched. */
  readonly bwrapPath?: string | undefined;
}

/** The backend one call runs on, and what its reply says about the sandbox. */
export interface CallBackend {
  readonly backend: ShellBackend;
  /** The one-line note for the session's first unsandboxed reply under "auto". */
  readonly note?: string;
  /** The line naming the policy that stopped a failed command, if any. */
  hint(stderr: string, exitCode?: number | null): string | undefined;
  /** Frees what the backend holds when no command was started on it. */
  discard(): Promise<void>;
  /** After the command: the line saying what the sweep for protected names moved, if anything. */
  aftermath(): string | undefined;
}

/** Options for `backendForCall`. */
export interface BackendForCallOptions {
  ctx: ToolContext;
  /** The tool's resolved options: its sandbox choice, and the backend used when the sandbox is off or unavailable. */
  options: { readonly sandbox: SandboxChoice; readonly backend: ShellBackend };
  request: SpawnRequest;
  workspace: Pick<Workspace, "realRoot">;
}

const NO_HINT = () => undefined;
const NO_AFTERMATH = () => undefined;
const NOTHING = () => Promise.resolve();

/**
 * Chooses the backend of one call: bubblewrap with the policy where it is
 * available; else, under "auto", the fallback and a note once per session;
 * under "required" (or an explicit policy) a soft `Execution` error.
 */
export async function backendForCall({
  ctx,
  options,
  request,
  workspace,
}: BackendForCallOptions): Promise<CallBackend> {
  const { sandbox, backend: fallback } = options;
  if (sandbox.mode === "off")
    return { backend: fallback, hint: NO_HINT, discard: NOTHING, aftermath: NO_AFTERMATH };
  const mechanism = await detectSandbox({ bwrapPath: sandbox.bwrapPath });
  if (mechanism.kind === "bwrap") {
    const tempDir = await ctx.ensureTempDir();
    const workspaceRoot = await workspace.realRoot();
    const home = request.env.HOME;
    const homes = home && isAbsolute(home) && home !== homedir() ? [homedir(), home] : [homedir()];
    const mounts = await resolveMountsOrRefuse({ policy: sandbox.policy, workspaceRoot, tempDir, homes });
    const sweep = protectSweep(mounts, ctx, tempDir);
    const backend = await createBwrapBackend({
      bwrapPath: mechanism.path,
      mounts,
      network: sandbox.policy.network,
      tempDir,
      allowUnixSockets: sandbox.policy.allowUnixSockets === true,
      limits: sandbox.policy.limits,
      ...(sandbox.lookup ? { lookup: sandbox.lookup } : {}),
      ...(sweep ? { afterExit: sweep.run } : {}),
    });
    return {
      backend,
      discard: () => backend.discard(),
      aftermath: () => sweep?.line(),
      hint: (stderr, exitCode) =>
        policyHint({
          policy: sandbox.policy,
          // The session temp dir is read-only inside; the private /tmp is where temp files go.
          mounts: {
            ...mounts,
            writable: [...mounts.writable.filter((w) => w.path !== tempDir), { path: "$TMPDIR", dir: true }],
          },
          stderr,
          refusedHosts: backend.refusedHosts(),
          capsHit: backend.capsHit(),
          exitCode,
        }),
    };
  }
  const reason = mechanism.kind === "none" ? mechanism.reason : "this version does not run sandbox-exec yet";
  if (sandbox.mode === "required") {
    const install = reason.startsWith("bubblewrap (bwrap) is not installed") ? "install bubblewrap" : reason;
    throw ToolError.execution(`no sandbox is available on this machine (${install})`, {
      advice:
        "Ask the user to install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) or to allow unsandboxed commands.",
    });
  }
  const note = unsandboxedNote(ctx, reason);
  return {
    backend: fallback,
    ...(note ? { note } : {}),
    hint: NO_HINT,
    discard: NOTHING,
    aftermath: NO_AFTERMATH,
  };
}

async function resolveMountsOrRefuse(options: ResolveMountsOptions): Promise<SandboxMounts> {
  try {
    return await resolveMounts(options);
  } catch (error) {
    if (!(error instanceof ProtectScanError)) throw error;
    throw ToolError.execution(`sandbox: ${error.message}`, {
      advice:
        "Ask the user to raise the policy's `maxScanEntries`, or to run the command in a smaller workspace.",
      cause: error,
    });
  }
}
