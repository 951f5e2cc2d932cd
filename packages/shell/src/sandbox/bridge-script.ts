/**
 * The program run first inside a sandbox whose network goes through the
 * allow-list proxy (`node -e BRIDGE_SCRIPT <socket> <port> <shell> <command>`).
 * It listens on 127.0.0.1:<port> of the sandbox's own network namespace and
 * relays every connection to the proxy's Unix socket (bound in from the
 * host), then runs the command and exits as it does. It ignores the
 * termination signals the backend sends to every process of the sandbox, so
 * that the command's own status is what comes back.
 */
export const BRIDGE_SCRIPT = `
const net = require("node:net");
const { spawn } = require("node:child_process");
const [socketPath, port, shell, command] = process.argv.slice(1);
const server = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  client.on("error", () => upstream.destroy());
  upstream.on("error", () => client.destroy());
  client.pipe(upstream).pipe(client);
});
server.on("error", (error) => {
  process.stderr.write("sandbox proxy bridge: " + error.message + "\\n");
  process.exit(126);
});
server.listen(Number(port), "127.0.0.1", () => {
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => {});
  const child = spawn(shell, ["-c", command], { stdio: "inherit" });
  child.on("error", (error) => {
    process.stderr.write("sandbox: could not start " + shell + ": " + error.message + "\\n");
    process.exit(127);
  });
  child.on("exit", (code, signal) => {
    process.exit(code ?? 128 + (require("node:os").constants.signals[signal] ?? 0));
  });
});
`;
