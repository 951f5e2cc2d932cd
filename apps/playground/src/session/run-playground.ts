import { rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { toolTraits } from "@toolkit/core";
import { BareLoop, type LoopResult, trajectoryObserver } from "@toolkit/loop";
import { MemoryStore, memoryObserver, SearchMemories } from "@toolkit/memory";
import { approvals, MemoryApprovalStore, type Middleware, timeout } from "@toolkit/middleware";
import { colorsFor } from "../render/colors.js";
import { consoleObserver } from "../render/console-observer.js";
import { createSpinner } from "../render/spinner.js";
import { formatSummary } from "../render/summary.js";
import { terminalApprover } from "./ask-approval.js";
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
  /** Run a reply's calls in parallel waves. @default false */
  parallel?: boolean;
  /** Skip approval prompts. @default false */
  yes?: boolean;
  /** Record the session into this SQLite memory store, and serve SearchMemories over it. */
  memory?: string | undefined;
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
  } = options;
  const started = Date.now();
  const colors = colorsFor({ isTTY: output.isTTY === true && !json, env });
  // With --json, stdout carries the JSON document and nothing else.
  const write = json ? () => {} : (text: string) => void output.write(text);
  const spinner = createSpinner({
    stream: json ? new Writable({ write: (_c, _e, done) => done() }) : output,
  });
  const interactive = output.isTTY === true && input.isTTY === true && !json;

  // The model first: a missing key fails at once, before anything is copied or started.
  const model = await chooseModel({
    provider: options.provider,
    model: options.model,
    env,
    baseUrl: options.baseUrl,
  });
  // A store that is not ours fails here, before anything is copied or started.
  const store = options.memory === undefined ? undefined : MemoryStore.open(resolve(options.memory));
  const workspace = await prepareWorkspace({ workspace: options.workspace });
  const search = await startLocalWebSearch();
  const site = await startLocalWebSite();
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
  if (store)
    write(`  memory      ${store.path} (${store.count()} memories so far; the model can search them)\n`);
  write(
    `  dispatch    ${parallel ? "parallel waves" : "sequential"}${interactive && !yes ? ", writing tools ask first" : ""}\n`,
  );

  // Approvals sit outside the timeout, so the time a person takes to answer is not counted.
  const middleware: Middleware[] = [];
  if (interactive && !yes) {
    middleware.push(
      approvals({
        ask: terminalApprover({ input, output, colors, spinner }),
        store: new MemoryApprovalStore(),
        exempt: (call) => (call.tool ? toolTraits(call.tool).isReadOnly : true),
      }),
    );
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
  const loop = new BareLoop({
    model: model.client,
    registry: buildRegistry({
      searchProvider: search.provider,
      webFetch: { lookup: site.lookup, connect: site.connect },
      extra: store ? [new SearchMemories({ store })] : [],
    }),
    middleware,
    system: SYSTEM_PROMPT,
    dispatch: { mode: parallel ? "parallel" : "sequential" },
    maxTurns: options.maxTurns ?? 30,
    cwd: workspace.root,
    isNonInteractive: !interactive,
    observers: [
      consoleObserver({ write, colors, spinner }),
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
  write(
    formatSummary({ result, error, durationMs, trajectoryPath, workspace: workspace.root, removed, colors }),
  );
  if (json) {
    output.write(
      `${JSON.stringify(
        {
          outcome: error ? "failed" : "finished",
          ...(error ? { error: { message: error.message, kind: (error as { kind?: string }).kind } } : {}),
          text: result?.text,
          finishReason: result?.finishReason,
          turns: result?.turns,
          toolCalls: result?.toolCalls.map((c) => ({ name: c.name, isError: c.isError })),
          usage: result?.usage,
          durationMs,
          workspace: removed ? undefined : workspace.root,
          trajectory: trajectoryPath,
        },
        null,
        2,
      )}\n`,
    );
  }
  return { result, error, workspace: workspace.root, trajectoryPath, durationMs };
}
