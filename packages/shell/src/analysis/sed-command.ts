import { gnuCommand } from "./arg-helpers.js";
import { SED } from "./gnu-option-tables.js";
import { sedScriptEffect } from "./sed-script.js";

/**
 * `sed`: options parsed as GNU sed parses them (`--i` and `--in-pl=.bak` are
 * `--in-place`, `-ew F` is the script `w`), no `-i`, no `-f`, and every
 * script free of commands and flags that write files or run commands. Each
 * `-e` script is read on its own and all of them joined (sed joins them with
 * newlines).
 */
export const checkSed = gnuCommand("sed", SED, (options, operands) => {
  const scripts: string[] = [];
  for (const option of options) {
    if (option.id === "-i") return `\`sed ${option.written}\` edits files in place`;
    if (option.id === "-f")
      return `\`sed ${option.written}\` reads its script from a file, which the analysis cannot check`;
    if (option.id === "-e") scripts.push(option.value ?? "");
  }
  if (scripts.length === 0) scripts.push(operands[0] ?? "");
  if (scripts.length > 1) scripts.push(scripts.join("\n"));
  for (const script of scripts) {
    const effect = sedScriptEffect(script);
    if (effect !== undefined) return effect;
  }
  return undefined;
});
