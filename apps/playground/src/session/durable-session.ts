import { readFile, writeFile } from "node:fs/promises";
import { type ApprovalDecision, type PendingApproval, parseRunState, type RunState } from "@toolkit/loop";

/** What `--interrupt <file>` writes and `--resume <file>` reads: the run and the workspace it works in. */
export interface PausedSession {
  readonly workspace: string;
  /** The provider that ran it: the scripted model resumes only as the scripted model. */
  readonly provider: string;
  readonly state: RunState;
}

/** Writes a paused session, readable by its owner only. */
export async function writePausedSession(path: string, session: PausedSession): Promise<void> {
  await writeFile(path, `${JSON.stringify(session)}\n`, { mode: 0o600 });
}

/** Reads a paused session; throws naming the file and the field at fault. */
export async function readPausedSession(path: string): Promise<PausedSession> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new TypeError(`--resume: cannot read ${path}: ${(error as Error).message}`);
  }
  const { workspace, provider, state } = (value ?? {}) as Partial<Record<keyof PausedSession, unknown>>;
  if (typeof workspace !== "string" || typeof provider !== "string") {
    throw new TypeError(
      `--resume: ${path} is not a paused playground session (no \`workspace\` or \`provider\`)`,
    );
  }
  return { workspace, provider, state: parseRunState(state) };
}

/**
 * The answers to the calls a resumed session waits on: all approved with
 * `--yes`, asked one by one when someone is at the terminal, else rejected.
 */
export async function decide(
  pending: readonly PendingApproval[],
  { yes, ask }: { yes: boolean; ask: ((call: PendingApproval) => Promise<boolean>) | undefined },
): Promise<Record<string, ApprovalDecision>> {
  const decisions: Record<string, ApprovalDecision> = {};
  for (const call of pending) {
    decisions[call.id] = yes || (ask !== undefined && (await ask(call))) ? "approve" : "reject";
  }
  return decisions;
}

/** The calls a state waits on. */
export function pendingOf(state: RunState): PendingApproval[] {
  return (state.pending?.calls ?? [])
    .filter((c) => c.status === "awaiting-approval")
    .map(({ id, name, input }) => ({ id, name, input }));
}
