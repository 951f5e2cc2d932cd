import { TOOL_FAMILIES } from "@toolkit/registry/families";

/** The bin's families (web-fetch is not one of them). */
const BIN_FAMILIES = ["fs", "search", "shell"] as const;

/**
 * What to tell the model (and the person reading the log) when no worker on
 * `queue` serves `tool`: that none has registered it yet, and how to start
 * one — the bin's flag when the tool is one of its families, else
 * `startToolWorker` with a registry holding it.
 */
export function noWorkerAdvice(queue: string, tool: string): string {
  const family = BIN_FAMILIES.find((f) => TOOL_FAMILIES[f].tools.split(", ").includes(tool));
  const flag = family ? `--${family}` : tool === "Think" ? "--think" : undefined;
  const start = flag
    ? `\`TOOLKIT_QUEUE_SECRET=… npx @toolkit/queue ${flag} --queue ${queue}\``
    : `\`startToolWorker({ registry, connection, queue: "${queue}", secret })\` with a registry that has '${tool}'`;
  return `No worker on queue '${queue}' has registered '${tool}' yet: start one with ${start}, or call another tool.`;
}
