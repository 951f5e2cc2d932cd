import type { ArgCheck, Args } from "./arg-helpers.js";

const COMPUTED = "is computed at run time, so it could be an option that changes what it does";

/** `command -v name` and `command -V name` only look names up; anything else runs the command. */
export const checkCommandBuiltin: ArgCheck = (args) => {
  let lookup = false;
  for (const arg of args) {
    if (arg === undefined) return `an argument of \`command\` ${COMPUTED}`;
    if (arg === "--" || !arg.startsWith("-") || arg === "-") break;
    for (const letter of arg.slice(1)) {
      if (letter === "v" || letter === "V") lookup = true;
      else if (letter !== "p") return `\`command ${arg}\` is not an option the analysis knows`;
    }
  }
  return lookup ? undefined : "`command` runs other commands unless used as `command -v`";
};

/** `printf -v name` assigns a variable (an array subscript in the name is even evaluated). */
export const checkPrintf: ArgCheck = (args) => {
  if (args.length === 0) return undefined;
  const first = args[0];
  if (first === undefined) return `the first argument of \`printf\` ${COMPUTED} (\`-v\`)`;
  if (first === "--" || first === "-" || !first.startsWith("-")) return undefined;
  return first.slice(1).startsWith("v")
    ? "`printf -v` assigns a variable"
    : `\`printf ${first}\` is not an option the analysis knows`;
};

const UNARY = new Set([..."abcdefghkprstuwxGLNOSzno"].map((c) => `-${c}`));
const BINARY = new Set([
  "=",
  "==",
  "!=",
  "<",
  ">",
  "-eq",
  "-ne",
  "-lt",
  "-le",
  "-gt",
  "-ge",
  "-nt",
  "-ot",
  "-ef",
  "-a",
  "-o",
]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `test` and `[`: `-v NAME` and `-R NAME` evaluate an array subscript in
 * NAME (`-v 'a[$(cmd)]'` runs cmd), so their operand must be a plain name;
 * a value computed at run time may only stand where it cannot become such an
 * operator (right after a literal operator, before a literal binary one, or
 * alone).
 */
export function checkTest(name: "test" | "["): ArgCheck {
  return (all) => {
    const args: Args = name === "[" && all[all.length - 1] === "]" ? all.slice(0, -1) : all;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === undefined) {
        const before = args[i - 1];
        const after = args[i + 1];
        const placed =
          args.length === 1 ||
          (before !== undefined && (UNARY.has(before) || BINARY.has(before))) ||
          (after !== undefined && BINARY.has(after));
        if (!placed) return `an argument of \`${name}\` ${COMPUTED} (\`-v\`)`;
        continue;
      }
      if (arg === "-v" || arg === "-R") {
        const operand = args[i + 1];
        if (operand !== undefined && !IDENTIFIER.test(operand) && i + 1 < args.length) {
          return `\`${name} ${arg}\` evaluates an array subscript, which can run commands`;
        }
        if (operand === undefined && i + 1 < args.length)
          return `the operand of \`${name} ${arg}\` ${COMPUTED}`;
      }
      if (arg.includes("[") && /[$`]/.test(arg)) {
        return `\`${name}\` has an argument that bash could evaluate as an array subscript`;
      }
    }
    return undefined;
  };
}
