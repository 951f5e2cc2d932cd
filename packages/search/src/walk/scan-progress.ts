import type { ProgressSink } from "@toolkit/core";
import type { WalkEntry } from "./walker.js";

/** Files between two progress lines of a walk: small trees never report. */
export const SCAN_PROGRESS_STEP = 1000;

/**
 * Counts the files of each batch a walk yields and reports
 * `scanned 4,000 files` (with `progress: 4000`) each time the count passes
 * another `SCAN_PROGRESS_STEP`.
 */
export function scanProgress(progress: ProgressSink): (batch: readonly WalkEntry[]) => void {
  let files = 0;
  let next = SCAN_PROGRESS_STEP;
  return (batch) => {
    for (const entry of batch) if (entry.kind === "file") files++;
    if (files < next) return;
    next = (Math.floor(files / SCAN_PROGRESS_STEP) + 1) * SCAN_PROGRESS_STEP;
    progress({ message: `scanned ${files.toLocaleString("en-US")} files`, progress: files });
  };
}
