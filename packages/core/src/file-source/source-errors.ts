import { ToolError } from "../errors/error.js";

/** The refusal to read, write or replace a directory as if it were a file. */
export function isDirectory(path: string): ToolError {
  return ToolError.io(`${path} is a directory`);
}

/** The refusal to move the workspace root itself, or to move something onto it. */
export function rootMoved(path: string): ToolError {
  return ToolError.permission(`${path} is the workspace root; it cannot be moved or replaced`);
}
