// The playground's entry point: `pnpm playground` (see README.md).
import { parseCli, USAGE } from "./cli/parse-cli.js";
import { runPlayground } from "./session/run-playground.js";

async function main(): Promise<number> {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (cli.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  const outcome = await runPlayground({
    task: cli.task,
    workspace: cli.workspace,
    provider: cli.provider,
    model: cli.model,
    baseUrl: cli.baseUrl,
    maxTurns: cli.maxTurns,
    json: cli.json,
    keep: cli.keep,
    memory: cli.memory,
    parallel: cli.parallel,
    yes: cli.yes,
    output: process.stdout,
    input: process.stdin,
    signal: controller.signal,
  });
  return outcome.error ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`playground: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
