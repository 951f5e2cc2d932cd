import { createInterface } from "node:readline/promises";
import type { CheckpointsTool } from "@toolkit/checkpoint";
import type { BareLoop } from "@toolkit/loop";
import type { Colors } from "../render/colors.js";

/** What the prompt between runs needs. */
export interface BetweenRunsOptions {
  loop: BareLoop;
  /** The Checkpoints tool, called by the host (not the model) for /checkpoints and /restore. */
  checkpoints: CheckpointsTool;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  write: (text: string) => void;
  colors: Colors;
  /** Runs the next task in the kept conversation. */
  runTask: (task: string) => Promise<void>;
  /** The last turn of the conversation before each task so far, oldest first: /undo goes back to the last. */
  starts: number[];
}

/** The commands the prompt knows, as shown by an unknown one. */
export const COMMANDS = "/undo, /checkpoints, /restore <id>, /exit";

/**
 * The interactive prompt after a run: a line is the next task in the same
 * conversation, or a command: `/undo` rewinds files and conversation to
 * before the last task, `/checkpoints` lists the checkpoints, `/restore <id>`
 * puts the files back as they were at one (itself undoable), `/exit` (or the
 * end of input) ends the session.
 */
export async function promptBetweenRuns(options: BetweenRunsOptions): Promise<void> {
  const { loop, checkpoints, input, output, write, colors, runTask, starts } = options;
  for (;;) {
    const line = await readLine(input, output, `\n${colors.bold(">")} `);
    if (line === undefined || line === "/exit" || line === "/quit") return;
    if (line === "") continue;
    if (line === "/undo") {
      const to = starts.pop();
      if (to === undefined) {
        write("Nothing to undo.\n");
        continue;
      }
      await loop.rewind(to);
      write(`Undid the last task: files and conversation are back to turn ${to}.\n`);
    } else if (line === "/checkpoints" || line.startsWith("/restore")) {
      const ctx = loop.context;
      if (!ctx) {
        write("No run has started yet.\n");
        continue;
      }
      const id = line.slice("/restore".length).trim();
      const input = line === "/checkpoints" ? { action: "list" } : { action: "restore", id };
      write(`${(await checkpoints.call(input, ctx)).textContent()}\n`);
    } else if (line.startsWith("/")) {
      write(`Unknown command ${line.split(" ")[0]}; the commands are ${COMMANDS}.\n`);
    } else {
      starts.push(loop.conversationTurns().at(-1) ?? 0);
      await runTask(line);
    }
  }
}

/** One line from the input, or undefined when the input ended. */
async function readLine(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  prompt: string,
): Promise<string | undefined> {
  const rl = createInterface({ input, output });
  try {
    const closed = new Promise<undefined>((resolve) => rl.once("close", () => resolve(undefined)));
    const answer = await Promise.race([rl.question(prompt), closed]);
    return answer?.trim();
  } finally {
    rl.close();
  }
}
