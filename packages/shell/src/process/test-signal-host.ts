// A host process for host-signal.test.ts: starts one background job through
// the real Shell tool, prints "ready" once the job wrote its pids, then
// waits to be signalled. argv[2]: the workspace; argv[3]: "opt-out" to pass
// `endOnHostSignal: false`; argv[4]: "own-handler" to add a host listener
// after the job started, "once-first" / "on-first" to add one with
// `process.once` / `process.on` before any command runs (as toolkit-worker
// and the playground do); argv[5]: "finished" to run one short command
// first and print the SIGTERM listener count once it is done.
import { createToolContext } from "@toolkit/core";
import { createShellTools } from "../tools/create-shell-tools.js";
import { UnixBackend } from "./unix-backend.js";

const [root = ".", mode = "", handler = "", extra = ""] = process.argv.slice(2);
const backend = new UnixBackend({ endOnHostSignal: mode !== "opt-out" });
const [shell, jobs] = createShellTools({ backend });
const ctx = createToolContext({ cwd: root });
const graceful = (how: string) => (): void => {
  process.stdout.write(`host handled SIGTERM with ${how}\n`);
  setTimeout(() => process.exit(0), 100);
};
if (handler === "once-first") process.once("SIGTERM", graceful("once"));
if (handler === "on-first") process.on("SIGTERM", graceful("on"));
if (extra === "finished") {
  await shell.call({ command: "true" }, ctx);
  // The backend lets go of a command once its processes are gone; its scanner runs every second.
  const until = Date.now() + 5000;
  while (process.listenerCount("SIGTERM") > (handler.endsWith("-first") ? 1 : 0) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.stdout.write(`listeners after the command: ${process.listenerCount("SIGTERM")}\n`);
}
if (handler === "own-handler") {
  process.on("SIGTERM", () => {
    process.stdout.write("host handled SIGTERM\n");
    setTimeout(() => process.exit(7), 100);
  });
}
const command = [
  "echo $$ > pids",
  "setsid sh -c 'echo $$ >> pids; exec sleep 1000' &",
  "sleep 1000 & echo $! >> pids",
  "while [ $(wc -l < pids) -lt 3 ]; do sleep 0.05; done",
  "echo ready",
  "wait",
].join("\n");
await shell.call({ command, background: true }, ctx);
for (;;) {
  const out = (await jobs.call({ operation: "output", job_id: "job-1" }, ctx)).textContent();
  if (out.includes("ready")) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
process.stdout.write("ready\n");
setInterval(() => undefined, 1000);
