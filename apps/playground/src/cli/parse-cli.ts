import { parseArgs } from "node:util";
import { PROVIDERS, type Provider } from "../session/choose-model.js";

/** The playground's command line. */
export interface CliOptions {
  task: string | undefined;
  workspace: string | undefined;
  provider: Provider | undefined;
  model: string | undefined;
  parallel: boolean;
  yes: boolean;
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
  --parallel           run a reply's tool calls in parallel waves
  --yes                do not ask before tools that write
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
      parallel: { type: "boolean", default: false },
      yes: { type: "boolean", short: "y", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const provider = values.provider;
  if (provider !== undefined && !isProvider(provider)) {
    throw new TypeError(`--provider must be one of ${PROVIDERS.join(", ")}, got ${JSON.stringify(provider)}`);
  }
  return {
    task: values.task,
    workspace: values.workspace,
    provider,
    model: values.model,
    parallel: values.parallel === true,
    yes: values.yes === true,
    help: values.help === true,
  };
}

function isProvider(value: string): value is Provider {
  return (PROVIDERS as readonly string[]).includes(value);
}
