import { ToolError } from "@toolkit/core";
import type { EditFailure } from "../match/edit-apply.js";
import { formatNumber } from "../text/line-format.js";

/** How failure messages name an edit's fields and the tool to use instead. */
export interface EditFailureNames {
  /** The file as replies name it. */
  shown: string;
  /** Field path of the old text, e.g. `old_string` or `edits[2].old_string`. */
  oldField: string;
  /** Field path of the new text. */
  newField: string;
  /** The replace-all flag's field. */
  replaceAllField: string;
  /** True when earlier edits of the same call were applied first (in memory). */
  afterEarlierEdits: boolean;
}

/** Turns a failed edit into the soft error the model sees. Nothing has been written when this is thrown. */
export function editFailureError(failure: EditFailure, names: EditFailureNames): ToolError {
  const { shown, oldField, newField, replaceAllField } = names;
  const where = names.afterEarlierEdits ? `${shown} as changed by the earlier edits` : shown;
  switch (failure.kind) {
    case "empty-old":
      return ToolError.invalidInput(
        `\`${oldField}\` is empty; an empty \`${oldField}\` only creates a file that does not exist or is empty`,
        {
          advice:
            "To replace a whole file use Write; to change part of it, put the text to replace in the old field.",
        },
      );
    case "no-op":
      return ToolError.invalidInput(
        `\`${oldField}\` and \`${newField}\` are identical, so the edit would change nothing`,
        {
          advice: `Put the changed text in \`${newField}\`.`,
        },
      );
    case "ambiguous":
      return ToolError.execution(
        `\`${oldField}\` occurs ${formatNumber(failure.count)} times (${listLines(failure)}) in ${where}; nothing was written`,
        {
          advice: `Add surrounding lines to \`${oldField}\` so it matches exactly once, or set \`${replaceAllField}\` to true to change every occurrence.`,
        },
      );
    case "tolerant-ambiguous":
      return ToolError.execution(
        `\`${oldField}\` was not found exactly in ${where}, and ignoring whitespace it matches ${failure.count} regions; nothing was written`,
        {
          advice: `Copy \`${oldField}\` exactly as Read shows it, with enough surrounding lines to match once.`,
        },
      );
    case "not-found": {
      const advice = `Copy \`${oldField}\` exactly as Read shows it after the line-number tab (same whitespace and indentation), or Read the file again.`;
      const near = failure.nearest;
      if (!near) {
        return ToolError.execution(
          `\`${oldField}\` was not found in ${where}, and no similar region was found; nothing was written`,
          {
            advice,
          },
        );
      }
      const width = String(near.endLine).length;
      const shownLines = near.lines
        .map((l, i) => `${String(near.startLine + i).padStart(width)}\t${l}`)
        .join("\n");
      const range =
        near.startLine === near.endLine
          ? `line ${near.startLine}`
          : `lines ${near.startLine}-${near.endLine}`;
      return ToolError.execution(
        `\`${oldField}\` was not found in ${where}; nothing was written. The closest region is ${range}:\n${shownLines}\n${near.difference}`,
        { advice },
      );
    }
  }
}

/** `lines 1, 3, 4`, or the first few and a count of the rest. */
function listLines({ count, lines }: { count: number; lines: readonly number[] }): string {
  const more = count - lines.length;
  return `lines ${lines.join(", ")}${more > 0 ? ` and ${formatNumber(more)} more` : ""}`;
}
