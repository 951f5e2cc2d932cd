// Runs README examples one after the other in this process, each in a fresh
// temporary directory, and writes one result per example to the JSON file
// named by the first argument:
//
//   node --conditions=@toolkit/source --import tsx runner.mjs results.json a.ts b.ts ...
//
// An example passes when its module finishes without throwing, no promise
// rejection goes unhandled while it runs, it sets no failing exit code, and it
// leaves nothing behind that would keep a process of its own alive (a server,
// a socket, a timer): the verdict of "exits 0" for a process per example, at
// the start-up cost of one process for all.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { format } from "node:util";

const [resultsFile, ...files] = process.argv.slice(2);
const TIME_LIMIT_MS = 20_000;
const SETTLE_MS = 2_000;

let current;
process.on("unhandledRejection", (reason) => {
  if (current) current.errors.push(`unhandled rejection: ${describe(reason)}`);
});
process.on("uncaughtException", (error) => {
  if (current) current.errors.push(`uncaught exception: ${describe(error)}`);
});

function describe(value) {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  return String(value);
}

/** Active handles by kind, without the ones the runner itself holds. */
function handles() {
  const counts = new Map();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

function leftOver(before) {
  const out = [];
  for (const [kind, n] of handles()) {
    const extra = n - (before.get(kind) ?? 0);
    if (extra > 0) out.push(`${kind} x${extra}`);
  }
  return out;
}

// The checks ../readme-examples.test.ts wraps around statements whose comment
// says what they give: a value (a literal in the comment), or printed text.
// "..." in an expected string (with the spaces around it) stands for anything.
function fits(expected, actual) {
  if (typeof expected === "string") {
    if (typeof actual !== "string") return false;
    const parts = expected.split(/\s*\.\.\.\s*/);
    if (parts.length === 1) return actual === expected;
    const first = parts[0] ?? "";
    const lastPart = parts.at(-1) ?? "";
    if (
      !actual.startsWith(first) ||
      !actual.endsWith(lastPart) ||
      actual.length < first.length + lastPart.length
    )
      return false;
    let at = first.length;
    for (const part of parts.slice(1, -1)) {
      const found = actual.indexOf(part, at);
      if (found < 0 || found + part.length > actual.length - lastPart.length) return false;
      at = found + part.length;
    }
    return true;
  }
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => fits(e, actual[i]))
    );
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    const keys = Object.keys(expected);
    return (
      keys.length === Object.keys(actual).length &&
      keys.every((k) => k in actual && fits(expected[k], actual[k]))
    );
  }
  return Object.is(expected, actual);
}

function check(spec, actual) {
  const expected = "undefined" in spec ? undefined : "text" in spec ? spec.text : spec.value;
  const plain =
    actual === undefined || typeof actual !== "object" ? actual : JSON.parse(JSON.stringify(actual));
  if (!fits(expected, plain)) {
    throw new Error(
      `README.md:${spec.line}: the comment says ${format("%o", expected)}, but the code gives ${format("%o", plain)}`,
    );
  }
}

globalThis.__readmeValue = (spec, value) => {
  check(spec, value);
  return value;
};
globalThis.__readmeLog =
  (spec) =>
  (...args) => {
    console.log(...args);
    check(spec, format(...args));
  };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Keep what each example prints, for the report.
const write = {
  out: process.stdout.write.bind(process.stdout),
  err: process.stderr.write.bind(process.stderr),
};
process.stdout.write = (chunk, ...rest) => {
  if (current) current.output += String(chunk);
  else write.out(chunk, ...rest);
  return true;
};
process.stderr.write = (chunk, ...rest) => {
  if (current) current.output += String(chunk);
  else write.err(chunk, ...rest);
  return true;
};

// Reading process.stdin (as createToolContext does, to tell a terminal from a
// pipe) opens a handle once; open it before counting, so it is no example's.
void process.stdin;
const home = process.cwd();
const results = [];
for (const file of files) {
  const dir = mkdtempSync(join(tmpdir(), "readme-example-"));
  current = { file, errors: [], output: "" };
  const before = handles();
  process.chdir(dir);
  try {
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`did not finish in ${TIME_LIMIT_MS / 1000} s`)),
        TIME_LIMIT_MS,
      );
    });
    try {
      await Promise.race([import(pathToFileURL(file).href), limit]);
    } finally {
      clearTimeout(timer);
    }
    // A server starts listening on a later tick, and a closing one finishes
    // closing on a later tick: look after a short wait, then until it settles.
    await sleep(25);
    let left = leftOver(before);
    for (let waited = 0; left.length > 0 && waited < SETTLE_MS; waited += 50) {
      await sleep(50);
      left = leftOver(before);
    }
    if (left.length > 0) current.errors.push(`left running (the process would not exit): ${left.join(", ")}`);
    if (process.exitCode) current.errors.push(`set process.exitCode to ${process.exitCode}`);
  } catch (error) {
    current.errors.push(describe(error));
  } finally {
    process.exitCode = undefined;
    process.chdir(home);
    rmSync(dir, { recursive: true, force: true });
  }
  await sleep(0);
  results.push(current);
  current = undefined;
}
writeFileSync(resultsFile, JSON.stringify(results));
process.exit(0);
