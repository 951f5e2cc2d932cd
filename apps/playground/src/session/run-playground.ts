import { readdir, rm, rmdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { toolTraits } from "@toolkit/core";
import { addUsage, BareLoop, emptyUsage, type LoopResult, trajectoryObserver } from "@toolkit/loop";
import { oracleModel, oracleTool } from "@toolkit/loom";
import { MemoryStore, memoryObserver, SearchMemories } from "@toolkit/memory";
import { approvals, MemoryApprovalStore, type Middleware, timeout } from "@toolkit/middleware";
import { colorsFor } from "../render/colors.js";
import { consoleObserver } from "../render/console-observer.js";
import { createLiveTail } from "../render/live-tail.js";
import { createSpinner } from "../render/spinner.js";
import { formatSummary } from "../render/summary.js";
import { refuseWithoutTerminal, terminalApprover } from "./ask-approval.js";
import { buildRegistry } from "./build-registry.js";
import { chooseModel, type Provider } from "./choose-model.js";
import { startLocalWebSearch } from "./local-web-search.js";
import { startLocalWebSite } from "./local-web-site.js";
import { prepareWorkspace } from "./prepare-workspace.js";
import { SAMPLE_TASK, SYSTEM_PROMPT } from "./sample-task.js";

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
  /** Skip approval prompts, and allow writing tools without a terminal. @default false */
  yes?: boolean;
  /** Record the session into this SQLite memory store, and serve SearchMemories over it. */
  memory?: string | undefined;
  /** `--oracle-model`: register the oracle tool on this model (same provider, key and base URL). */
  oracleModel?: string | undefined;
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
  } = options;
  const started = Date.now();
  const colors = colorsFor({ isTTY: output.isTTY === true && !json, env });
  // With --json, stdout carries the JSON document and nothing else.
  const write = json ? () => {} : (text: string) => void output.write(text);
  const spinner = createSpinner({
    stream: json ? new Writable({ write: (_c, _e, done) => done() }) : output,
  });
  const interactive = output.isTTY === true && input.isTTY === true && !json;
  const tail = createLiveTail({ write, colors, tty: output.isTTY === true && !json });

  // The model first: a missing key fails at once, before anything is copied or started.
  const model = await chooseModel({
    provider: options.provider,
    model: options.model,
    env,
    baseUrl: options.baseUrl,
  });
  // What starts below is closed again if a later step fails, so a bad path cannot leave the process hanging.
  let store: MemoryStore | undefined;
  let workspace: Awaited<ReturnType<typeof prepareWorkspace>>;
  let search: Awaited<ReturnType<typeof startLocalWebSearch>> | undefined;
  let site: Awaited<ReturnType<typeof startLocalWebSite>>;
  try {
    // A store that is not ours fails here, before anything is copied or started.
    store = options.memory === undefined ? undefined : MemoryStore.open(resolve(options.memory));
    workspace = await prepareWorkspace({ workspace: options.workspace });
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
  if (store)
    write(`  memory      ${store.path} (${store.count()} memories so far; the model can search them)\n`);
  write(
    `  dispatch    ${parallel ? "parallel waves" : "sequential"}${yes ? "" : interactive ? ", writing tools ask first" : ", writing tools refused (no terminal to ask on; --yes allows them)"}\n`,
  );

  // Approvals sit outside the timeout, so the time a person takes to answer is not counted.
  const middleware: Middleware[] = [];
  const readOnly = (call: { tool?: Parameters<typeof toolTraits>[0] | undefined }) =>
    call.tool ? toolTraits(call.tool).isReadOnly : true;
  if (interactive && !yes) {
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
  middleware.push(timeout({ seconds: 300 }));

  const task = options.task ?? SAMPLE_TASK;
  write(`\n${colors.bold("task")} ${task}\n`);
  if (model.provider === "scripted" && (options.task !== undefined || !workspace.isSampleCopy)) {
    write(
      colors.yellow("note: the scripted model plays the sample's script whatever the task or workspace\n"),
    );
  }
  let result: LoopResult | undefined;
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
        ...(options.oracleModel === undefined
          ? []
          : [oracleTool({ model: oracleModel({ ...model.connection, model: options.oracleModel }) })]),
      ],
    }),
    middleware,
    system: SYSTEM_PROMPT,
    dispatch: { mode: parallel ? "parallel" : "sequential" },
    maxTurns: options.maxTurns ?? 30,
    cwd: workspace.root,
    isNonInteractive: !interactive,
    observers: [
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
  try {
    result = await loop.run(task, options.signal ? { signal: options.signal } : {});
  } catch (e) {
    error = e instanceof Error ? e : new Error(String(e));
  } finally {
    spinner.stop();
    await loop.dispose();
    await model.close();
    await search.close();
    await site.close();
    store?.close();
  }
  const durationMs = Date.now() - started;
  const removed = workspace.isSampleCopy && !keep;
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
          outcome: error ? "failed" : "finished",
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
