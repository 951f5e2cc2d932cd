import type { JsonSchema } from "@toolkit/core";

/** What the model sends to Shell. */
export interface ShellInput {
  command: string;
  timeout_s?: number;
  cwd?: string;
  background?: boolean;
  tty?: boolean;
  description?: string;
}

/** The Shell input schema, with the timeout bounds of the options. */
export function shellSchema({
  defaultTimeoutS,
  maxTimeoutS,
}: {
  defaultTimeoutS: number;
  maxTimeoutS: number;
}): JsonSchema {
  return {
    type: "object",
    properties: {
      command: { type: "string", minLength: 1, description: "The command line, run by bash -c." },
      timeout_s: {
        type: "number",
        minimum: 1,
        maximum: maxTimeoutS,
        description: `Seconds before the command and every process it started are killed (default ${defaultTimeoutS}, max ${maxTimeoutS}).`,
      },
      cwd: {
        type: "string",
        description:
          "Directory to run in, relative to the workspace root or absolute inside it (default: the root).",
      },
      background: {
        type: "boolean",
        description:
          "Start the command as a background job and return at once; read it with Jobs, type into it with JobInput.",
      },
      tty: {
        type: "boolean",
        description:
          "With background: true, run the job in a terminal (for a REPL, an installer that asks questions, a TUI); drive it with JobInput.",
      },
      description: { type: "string", description: "A few words saying what the command does, for the user." },
    },
    required: ["command"],
    additionalProperties: false,
  };
}
