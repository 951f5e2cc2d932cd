/**
 * The bridge of a sandbox whose network goes through the allow-list proxy
 * (`nsenter --net … node -e BRIDGE_SCRIPT <socket> <port>`). It runs on the
 * host, outside the sandbox and its seccomp filter, inside the sandbox's
 * network namespace only: it listens on 127.0.0.1:<port> there and relays
 * every connection to the proxy's Unix socket, which the sandbox itself
 * never sees. It prints `ready` once listening and exits when its stdin
 * (a pipe from the host) closes, so it never outlives the host.
 */
export const BRIDGE_SCRIPT = `
const net = require("node:net");
const [socketPath, port] = process.argv.slice(1);
const server = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  client.on("error", () => upstream.destroy());
  upstream.on("error", () => client.destroy());
  client.pipe(upstream).pipe(client);
});
server.on("error", (error) => {
  process.stderr.write("sandbox proxy bridge: " + error.message + "\\n");
  process.exit(1);
});
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\\n"));
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();
`;
