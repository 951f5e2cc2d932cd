import type { Attachments } from "./attach-files.js";

/**
 * The oracle's user message: the task, the caller's context, then each
 * attached file in a `<file>` block with its canonical path, and a note for
 * files cut or left out by the byte budget.
 */
export function oraclePrompt({
  task,
  context,
  attachments,
  maxBytes,
}: {
  task: string;
  context: string | undefined;
  attachments: Attachments;
  maxBytes: number;
}): string {
  const sections = [`Task:\n${task}`];
  if (context !== undefined && context !== "") sections.push(`Context:\n${context}`);
  for (const file of attachments.files) {
    const cut = file.truncated ? ' truncated="true"' : "";
    sections.push(`<file path=${JSON.stringify(file.path)}${cut}>\n${file.contents}\n</file>`);
  }
  if (attachments.skipped.length > 0) {
    sections.push(
      `Not attached (the ${maxBytes}-byte budget for files was spent): ${attachments.skipped.join(", ")}. Read them with read_file if you need them.`,
    );
  }
  return sections.join("\n\n");
}
