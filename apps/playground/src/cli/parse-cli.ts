import { parseArgs } from "node:util";
import { PROVIDERS, type Provider } from "../session/choose-model.js";

/** The playground's command line. */
export interface CliOptions {
  task: string | undefined;
  workspace: string | undefined;
  provider: Provider | undefined;
  model: string | undefined;
  baseUrl: string | undefined;
  maxTurns: number | undefined;
  parallel: boolean;
  yes: boolean;
  interactive: boolean;
  json: boolean;
  keep: boolean;
  keepTrajectory: boolean;
  memory: string | undefined;
  oracleModel: string | undefined;
  lsp: boolean;
  interrupt: string | undefined;
  resume: string | undefined;
  hooks: string | undefined;
  noHooks: boolean;
  help: boolean;
}

/** The `--help` text. */
export const USAGE = `Usage: pnpm playground [options]

Runs an agent session over a throwaway copy of the sample workspace with every
Toolkit family. With no key set, the model is a scripted stand-in served on
127.0.0.1 and web search goes through the real proxy to a local stand-in.

Options:
  --task <text>        the task (default: fix the sample's failing test)
  --workspace <dir>    work in this directory, in place, instead of the sample copy
  --provider <name>    scripted | openai | openai-responses | anthropic
                       (default: openai if OPENAI_BASE_URL or OPENAI_API_KEY is set,
                       anthropic if ANTHROPIC_API_KEY is set, else scripted)
  --model <name>       the model name (default: $MODEL)
  --base-url <url>     the API root (default: $OPENAI_BASE_URL / $ANTHROPIC_BASE_URL)
  --max-turns <n>      the most model requests (default: 30)
  --parallel           run a reply's tool calls in parallel waves
  --yes                do not ask before tools that write (without a terminal on
                       stdin and stdout, tools that write are refused unless --yes)
  --interactive, -i    after each run, prompt for the next task in the same
                       conversation, with checkpoints and /undo, /checkpoints,
                       /restore <id> between tasks
  --json               print only the result and usage, as JSON, on stdout
  --keep               keep the throwaway workspace (removed at exit otherwise)
  --keep-trajectory    keep the trajectory file (removed at exit otherwise)
  --memory <file>      record the session into this SQLite memory store, and let the
                       model search earlier sessions recorded there (SearchMemories)
  --oracle-model <name>
                       register the oracle tool: the model asks this (stronger) model
                       for advice, on the same provider, key and base URL, read-only
  --lsp                start language servers on the workspace (typescript-language-server,
                       pyright): edits report the errors they introduce, and the model
                       gets Diagnostics, Definition, References, Hover, Symbols, Rename
  --interrupt <file>   a tool that writes pauses the session instead of asking; the
                       paused run (and its workspace, kept) is written to <file>
  --resume <file>      continue a session paused with --interrupt: its calls are asked
                       about on the terminal, approved with --yes, else rejected
  --hooks <file>       also run the hooks in this file (Claude Code's settings shape:
                       { "hooks": { "PreToolUse": [...] } }); the workspace's
                       .claude/settings.json, .claude/settings.local.json and
                       toolkit.hooks.json run once you trust them (asked on a terminal),
                       and ~/.claude/settings.json always
  --no-hooks           run no hooks at all
  --help               show this text
`;

/**
 * Parses argv; throws a TypeError naming a bad flag. A leading `--` (what
 * `pnpm playground -- --yes` passes through) is skipped.
 */
export function parseCli(argv: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: argv[0] === "--" ? argv.slice(1) : [...argv],
    options: {
      task: { type: "string" },
      workspace: { type: "string" },
      provider: { type: "string" },
      model: { type: "string" },
      "base-url": { type: "string" },
      "max-turns": { type: "string" },
      json: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      "keep-trajectory": { type: "boolean", default: false },
      memory: { type: "string" },
      "oracle-model": { type: "string" },
      interrupt: { type: "string" },
      resume: { type: "string" },
      hooks: { type: "string" },
      "no-hooks": { type: "boolean", default: false },
      parallel: { type: "boolean", default: false },
      lsp: { type: "boolean", default: false },
      yes: { type: "boolean", short: "y", default: false },
      interactive: { type: "boolean", short: "i", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const provider = values.provider;
  if (provider !== undefined && !isProvider(provider)) {
    throw new TypeError(`--provider must be one of ${PROVIDERS.join(", ")}, got ${JSON.stringify(provider)}`);
  }
  const baseUrl = values["base-url"];
  if (baseUrl !== undefined && !/^https?:\/\//.test(baseUrl)) {
    throw new TypeError(`--base-url must be an http(s) URL, got ${JSON.stringify(baseUrl)}`);
  }
  if (values.memory === "") throw new TypeError("--memory needs the path of a store file");
  if (values["oracle-model"] === "") throw new TypeError("--oracle-model needs a model name");
  if (values.interrupt === "")
    throw new TypeError("--interrupt needs the path of a file to write the paused run to");
  if (values.resume === "") throw new TypeError("--resume needs the path of a paused run's file");
  if (values.interactive === true && (values.interrupt !== undefined || values.resume !== undefined)) {
    throw new TypeError(
      "--interactive cannot be combined with --interrupt or --resume: a paused run ends the session",
    );
  }
  if (values.hooks === "") throw new TypeError("--hooks needs the path of a hooks file");
  if (values.hooks !== undefined && values["no-hooks"] === true) {
    throw new TypeError("--hooks and --no-hooks contradict each other: give one");
  }
  const turns = values["max-turns"];
  const maxTurns = turns === undefined ? undefined : Number(turns);
  if (maxTurns !== undefined && (!Number.isInteger(maxTurns) || maxTurns < 1)) {
    throw new TypeError(`--max-turns must be a positive integer, got ${JSON.stringify(turns)}`);
  }
  return {
    task: values.task,
    baseUrl,
    maxTurns,
    json: values.json === true,
    keep: values.keep === true,
    keepTrajectory: values["keep-trajectory"] === true,
    memory: values.memory,
    oracleModel: values["oracle-model"],
    interrupt: values.interrupt,
    resume: values.resume,
    hooks: values.hooks,
    noHooks: values["no-hooks"] === true,
    workspace: values.workspace,
    provider,
    model: values.model,
    parallel: values.parallel === true,
    lsp: values.lsp === true,
    yes: values.yes === true,
    interactive: values.interactive === true,
    help: values.help === true,
  };
}

function isProvider(value: string): value is Provider {
  return (PROVIDERS as readonly string[]).includes(value);
}
