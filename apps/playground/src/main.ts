// The playground's entry point: `pnpm playground` (see README.md).
import { resolve } from "node:path";
import { checkPaths } from "./cli/check-paths.js";
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
  // Relative paths are the user's: pnpm runs this in apps/playground, and says where it was run in INIT_CWD.
  let paths: ReturnType<typeof checkPaths>;
  try {
    paths = checkPaths({
      workspace: cli.workspace,
      memory: cli.memory,
      cwd: process.env.INIT_CWD ?? process.cwd(),
    });
  } catch (error) {
    process.stderr.write(`playground: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  const outcome = await runPlayground({
    task: cli.task,
    workspace: paths.workspace,
    provider: cli.provider,
    model: cli.model,
    baseUrl: cli.baseUrl,
    maxTurns: cli.maxTurns,
    json: cli.json,
    keep: cli.keep,
    keepTrajectory: cli.keepTrajectory,
    memory: paths.memory,
    oracleModel: cli.oracleModel,
    interrupt: cli.interrupt,
    resume: cli.resume,
    hooks: cli.hooks === undefined ? undefined : resolve(process.env.INIT_CWD ?? process.cwd(), cli.hooks),
    noHooks: cli.noHooks,
    parallel: cli.parallel,
    lsp: cli.lsp,
    yes: cli.yes,
    interactive: cli.interactive,
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
