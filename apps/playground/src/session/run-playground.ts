import { readdir, rm, rmdir } from "node:fs/promises";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { CheckpointStore, CheckpointsTool, withCheckpoints } from "@toolkit/checkpoint";
import { toolTraits } from "@toolkit/core";
import { type LoadedHooks, loadHooks } from "@toolkit/hooks";
import {
  addUsage,
  BareLoop,
  emptyUsage,
  type InterruptedRun,
  type LoopResult,
  trajectoryObserver,
} from "@toolkit/loop";
import { oracleModel, oracleTool } from "@toolkit/loom";
import { createLsp, createLspTools, type Lsp, withDiagnostics } from "@toolkit/lsp";
import { MemoryStore, memoryObserver, SearchMemories } from "@toolkit/memory";
import { approvals, MemoryApprovalStore, type Middleware, timeout } from "@toolkit/middleware";
import { colorsFor } from "../render/colors.js";
import { consoleObserver } from "../render/console-observer.js";
import { createLiveTail } from "../render/live-tail.js";
import { createSpinner } from "../render/spinner.js";
import { formatSummary } from "../render/summary.js";
import { refuseWithoutTerminal, terminalApprover, terminalDecider, terminalTrust } from "./ask-approval.js";
import { COMMANDS, promptBetweenRuns } from "./between-runs.js";
import { buildRegistry } from "./build-registry.js";
import { decide, pendingOf, readPausedSession, writePausedSession } from "./durable-session.js";
import { chooseModel, type Provider } from "./choose-model.js";
import { startLocalWebSearch } from "./local-web-search.js";
import { startLocalWebSite } from "./local-web-site.js";
import { prepareWorkspace } from "./prepare-workspace.js";
import { SAMPLE_TASK, SYSTEM_PROMPT } from "./sample-task.js";
import { resumedSampleScript } from "./scripted-model.js";

/** Options for `runPlayground`. */
export interface PlaygroundOptions {
  /** @default the sample task */
  task?: string | undefined;
  /** Work in this directory instead of a throwaway copy of the sample. */
  workspace?: string | undefined;
  /** @default chosen from the environment (scripted when no key is set) */
  provider?: Provider | undefined;
  model?: string | undefined;
  /** The API root (`--base-url`). @default from the environment */
  baseUrl?: string | undefined;
  /** The most model requests. @default 30 */
  maxTurns?: number | undefined;
  /** Write only the result and usage, as one JSON document, on `output`. @default false */
  json?: boolean;
  /** Keep the throwaway copy of the sample at exit. @default false */
  keep?: boolean;
  /** Keep the trajectory file at exit. @default false */
  keepTrajectory?: boolean;
  /** Run a reply's calls in parallel waves. @default false */
  parallel?: boolean;
  /** `--lsp`: language servers on the workspace, `withDiagnostics` on the edits, and the LSP tools. @default false */
  lsp?: boolean;
  /** Skip approval prompts, and allow writing tools without a terminal. @default false */
  yes?: boolean;
  /**
   * After each run, prompt for the next task in the same conversation, with
   * checkpoints on and `/undo`, `/checkpoints`, `/restore <id>` between runs. @default false
   */
  interactive?: boolean;
  /** Record the session into this SQLite memory store, and serve SearchMemories over it. */
  memory?: string | undefined;
  /** `--oracle-model`: register the oracle tool on this model (same provider, key and base URL). */
  oracleModel?: string | undefined;
  /** `--interrupt <file>`: a tool that writes pauses the session; the paused run is written to this file. */
  interrupt?: string | undefined;
  /** `--resume <file>`: continue the session paused in this file (its workspace, its conversation). */
  resume?: string | undefined;
  /** `--hooks`: also run the hooks in this file. */
  hooks?: string | undefined;
  /** `--no-hooks`: run no hooks at all. @default false */
  noHooks?: boolean;
  /** Where the session is shown. */
  output: NodeJS.WritableStream & { isTTY?: boolean };
  /** Where approval answers come from. */
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  /** @default process.env */
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** What a playground session leaves behind. */
export interface PlaygroundOutcome {
  result: LoopResult | undefined;
  error: Error | undefined;
  workspace: string;
  trajectoryPath: string;
  /** True when the trajectory file was kept at exit (`keepTrajectory`). */
  trajectoryKept: boolean;
  durationMs: number;
}

/**
 * One agent session over the sample (or a given) workspace with every
 * family wired in, shown turn by turn on `output`, ending with a summary.
 */
export async function runPlayground(options: PlaygroundOptions): Promise<PlaygroundOutcome> {
  const {
    output,
    input,
    env = process.env,
    parallel = false,
    yes = false,
    json = false,
    keep = false,
    keepTrajectory = false,
    interactive: prompting = false,
  } = options;
  const started = Date.now();
  const colors = colorsFor({ isTTY: output.isTTY === true && !json, env });
  // With --json, stdout carries the JSON document and nothing else.
  const write = json ? () => {} : (text: string) => void output.write(text);
  const spinner = createSpinner({
    stream: json ? new Writable({ write: (_c, _e, done) => done() }) : output,
  });
  const interactive = output.isTTY === true && input.isTTY === true && !json;
  const paused = options.resume === undefined ? undefined : await readPausedSession(options.resume);
  const tail = createLiveTail({ write, colors, tty: output.isTTY === true && !json });

  // The model first: a missing key fails at once, before anything is copied or started.
  const model = await chooseModel({
    provider: options.provider ?? (paused?.provider as Provider | undefined),
    model: options.model,
    env,
    baseUrl: options.baseUrl,
    script:
      paused && (options.provider ?? paused.provider) === "scripted"
        ? await resumedSampleScript(paused.state.messages)
        : undefined,
  });
  // What starts below is closed again if a later step fails, so a bad path cannot leave the process hanging.
  let store: MemoryStore | undefined;
  let workspace: Awaited<ReturnType<typeof prepareWorkspace>>;
  let search: Awaited<ReturnType<typeof startLocalWebSearch>> | undefined;
  let site: Awaited<ReturnType<typeof startLocalWebSite>>;
  let hooks: LoadedHooks;
  try {
    // A store that is not ours fails here, before anything is copied or started.
    store = options.memory === undefined ? undefined : MemoryStore.open(resolve(options.memory));
    workspace = await prepareWorkspace({ workspace: paused?.workspace ?? options.workspace });
    // A hooks file Toolkit does not understand fails here, before anything else starts.
    hooks = await loadHooks({
      projectDir: workspace.root,
      hooks: options.noHooks !== true,
      claudeCode: true,
      homeDir: env.HOME ?? homedir(),
      transcriptPath: join(workspace.runDir, "trajectory.jsonl"),
      files: options.hooks === undefined ? [] : [options.hooks],
      ...(interactive ? { confirm: terminalTrust({ input, output, colors }) } : {}),
      onMessage: (m) => write(`  ${colors.dim(`hook ${m.event}:`)} ${m.text}\n`),
    });
    search = await startLocalWebSearch();
    site = await startLocalWebSite();
  } catch (setupError) {
    await search?.close();
    store?.close();
    await model.close();
    throw setupError;
  }
  const trajectoryPath = join(workspace.runDir, "trajectory.jsonl");

  write(`${colors.bold("Toolkit playground")}\n`);
  write(`  model       ${model.provider === "scripted" ? colors.magenta(model.label) : model.label}\n`);
  write(
    `  workspace   ${workspace.root}${workspace.isSampleCopy ? colors.dim(" (a throwaway copy of the sample)") : ""}\n`,
  );
  write(
    `  web search  the real search proxy at ${search.proxyUrl} -> a local stand-in provider at ${search.standInUrl}\n`,
  );
  write("  web fetch   WebFetch with its SSRF guard on, pointed at a local stand-in site\n");
  if (options.oracleModel !== undefined)
    write(
      `  oracle      ${options.oracleModel} on ${model.connection.provider}: read-only advice, reasoning on\n`,
    );
  // Lazy: a server starts on the first file of its language the session touches.
  const lsp: Lsp | undefined = options.lsp ? createLsp({ root: workspace.root }) : undefined;
  if (lsp)
    write(
      "  lsp         language servers on the workspace: edits report the errors they introduce; Diagnostics, Definition, References, Hover, Symbols, Rename\n",
    );
  if (store)
    write(`  memory      ${store.path} (${store.count()} memories so far; the model can search them)\n`);
  write(
    `  hooks       ${options.noHooks ? "off (--no-hooks)" : hooks.files.length ? hooks.files.join(", ") : "none"}\n`,
  );
  for (const { file, changed } of hooks.untrusted) {
    write(
      colors.yellow(
        `  note: ${file} ${changed ? "changed since you trusted it" : "is not trusted"}: its hooks do not run (run the playground on a terminal to trust it)\n`,
      ),
    );
  }
  write(
    `  dispatch    ${parallel ? "parallel waves" : "sequential"}${yes ? "" : options.interrupt !== undefined ? ", writing tools pause the session (--interrupt)" : interactive ? ", writing tools ask first" : ", writing tools refused (no terminal to ask on; --yes allows them)"}\n`,
  );

  // Approvals sit outside the timeout, so the time a person takes to answer is not counted.
  // Hooks first: an input a hook rewrote meets approvals and every rule after it.
  const middleware: Middleware[] = [hooks.hooks.middleware()];
  const readOnly = (call: { tool?: Parameters<typeof toolTraits>[0] | undefined }) =>
    call.tool ? toolTraits(call.tool).isReadOnly : true;
  const interrupts = options.interrupt !== undefined && !yes;
  if (interrupts) {
    // --interrupt: a tool that writes pauses the run (the loop's approvals: "interrupt").
  } else if (interactive && !yes) {
    middleware.push(
      approvals({
        ask: terminalApprover({ input, output, colors, spinner }),
        store: new MemoryApprovalStore(),
        exempt: readOnly,
      }),
    );
  } else if (!yes) {
    // Nobody can answer a prompt: a tool that writes is refused, never run unasked.
    middleware.push(refuseWithoutTerminal({ exempt: readOnly }));
  }
  // Checkpoints sit inside approvals (a refused call changes nothing) and outside the timeout.
  const checkpointsDir = workspace.isSampleCopy ? join(workspace.runDir, "checkpoints") : undefined;
  const checkpointStore = prompting
    ? await CheckpointStore.open({
        workspace: workspace.root,
        ...(checkpointsDir ? { stateDir: checkpointsDir } : {}),
      })
    : undefined;
  const checkpoints = checkpointStore ? withCheckpoints(checkpointStore) : undefined;
  if (checkpoints) {
    middleware.push(checkpoints);
    write(`  checkpoints ${checkpointStore?.gitDir}; between tasks: ${COMMANDS}\n`);
  }
  middleware.push(timeout({ seconds: 300 }));
  if (lsp) middleware.push(withDiagnostics(lsp));

  const task = options.task ?? SAMPLE_TASK;
  if (paused)
    write(
      `\n${colors.bold("resume")} ${options.resume} (turn ${paused.state.turn} of run ${paused.state.runId})\n`,
    );
  else write(`\n${colors.bold("task")} ${task}\n`);
  if (model.provider === "scripted" && (options.task !== undefined || !workspace.isSampleCopy)) {
    write(
      colors.yellow("note: the scripted model plays the sample's script whatever the task or workspace\n"),
    );
  }
  let result: LoopResult | undefined;
  let interrupted: InterruptedRun | undefined;
  let error: Error | undefined;
  // Counted as replies arrive, so a run that fails still reports what it used.
  const usage = emptyUsage();
  let turns = 0;
  const loop = new BareLoop({
    model: model.client,
    registry: buildRegistry({
      searchProvider: search.provider,
      webFetch: { lookup: site.lookup, connect: site.connect },
      extra: [
        ...(store ? [new SearchMemories({ store })] : []),
        ...(lsp ? createLspTools(lsp) : []),
        ...(options.oracleModel === undefined
          ? []
          : [oracleTool({ model: oracleModel({ ...model.connection, model: options.oracleModel }) })]),
      ],
    }),
    middleware,
    gates: [hooks.hooks.gate()],
    system: SYSTEM_PROMPT,
    dispatch: { mode: parallel ? "parallel" : "sequential" },
    maxTurns: options.maxTurns ?? 30,
    ...(interrupts ? { approvals: "interrupt" as const, needsApproval: (call) => !readOnly(call) } : {}),
    cwd: workspace.root,
    isNonInteractive: !interactive,
    ...(checkpoints ? { keepConversation: true, rewindFiles: checkpoints } : {}),
    observers: [
      ...(checkpoints ? [checkpoints] : []),
      consoleObserver({ write, colors, spinner, tail }),
      {
        onReply: (e) => {
          turns++;
          addUsage(usage, e.reply.usage);
        },
      },
      trajectoryObserver({ path: trajectoryPath }),
      ...(store ? [memoryObserver(store, { project: "playground" })] : []),
    ],
  });
  const runOptions = options.signal ? { signal: options.signal } : {};
  try {
    let outcome: LoopResult | InterruptedRun | undefined;
    try {
      if (paused) {
        const ask = interactive ? terminalDecider({ input, output, colors, spinner }) : undefined;
        const decisions = await decide(pendingOf(paused.state), { yes, ask });
        outcome = await loop.resume(paused.state, { ...runOptions, decisions });
      } else {
        outcome = await loop.run(task, runOptions);
      }
    } catch (e) {
      error = e instanceof Error ? e : new Error(String(e));
    }
    if (outcome?.status === "interrupted") {
      interrupted = outcome;
      const file = resolve(options.interrupt ?? options.resume ?? "playground-run.json");
      await writePausedSession(file, {
        workspace: workspace.root,
        provider: model.provider,
        state: outcome.state,
      });
      write(
        `\n${colors.yellow("paused")} at ${outcome.pending.map((p) => p.name).join(", ")}; the run is in ${file}\n`,
      );
      write(`  continue it with: pnpm playground --resume ${file} [--yes]\n`);
    } else if (outcome) {
      result = outcome;
    }
    // --interactive and --interrupt/--resume exclude each other (parseCli): no run here can pause.
    if (checkpointStore && !interrupted) {
      await promptBetweenRuns({
        loop,
        checkpoints: new CheckpointsTool({ store: checkpointStore, restoreNeedsApproval: false }),
        input,
        output,
        write,
        colors,
        starts: [0],
        runTask: async (next) => {
          try {
            const done = await loop.run(next, runOptions);
            if (done.status === "done") result = done;
            error = undefined;
          } catch (e) {
            error = e instanceof Error ? e : new Error(String(e));
            write(`${colors.red("the run failed:")} ${error.message}\n`);
          }
        },
      });
    }
  } finally {
    spinner.stop();
    await loop.dispose();
    await lsp?.dispose();
    await model.close();
    await search.close();
    await site.close();
    store?.close();
    if (checkpointsDir && !keep) await rm(checkpointsDir, { recursive: true, force: true });
  }
  const durationMs = Date.now() - started;
  // A paused session keeps its workspace: the resumed run goes on working in it.
  const removed = workspace.isSampleCopy && !keep && !interrupted;
  if (removed) await rm(workspace.root, { recursive: true, force: true });
  if (!keepTrajectory) {
    await rm(trajectoryPath, { force: true });
    // The run folder goes too once nothing of the user's is left in it.
    if ((await readdir(workspace.runDir).catch(() => [])).length === 0)
      await rmdir(workspace.runDir).catch(() => undefined);
  }
  write(
    formatSummary({
      result,
      error,
      paused: interrupted !== undefined,
      durationMs,
      trajectoryPath,
      trajectoryKept: keepTrajectory,
      workspace: workspace.root,
      removed,
      usage,
      turns,
      colors,
    }),
  );
  if (json) {
    output.write(
      `${JSON.stringify(
        {
          outcome: error ? "failed" : interrupted ? "interrupted" : "finished",
          ...(interrupted ? { pending: interrupted.pending, runId: interrupted.runId } : {}),
          ...(error ? { error: { message: error.message, kind: (error as { kind?: string }).kind } } : {}),
          text: result?.text,
          finishReason: result?.finishReason,
          turns: result?.turns ?? turns,
          toolCalls: result?.toolCalls.map((c) => ({ name: c.name, isError: c.isError })),
          usage: result?.usage ?? usage,
          durationMs,
          workspace: removed ? undefined : workspace.root,
          trajectory: keepTrajectory ? trajectoryPath : undefined,
        },
        null,
        2,
      )}\n`,
    );
  }
  return {
    result,
    error,
    workspace: workspace.root,
    trajectoryPath,
    trajectoryKept: keepTrajectory,
    durationMs,
  };
}
