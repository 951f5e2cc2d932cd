/** One Loom edit. */
export interface LoomEdit {
  readonly old_str: string;
  readonly new_str: string;
  readonly replace_all?: boolean | undefined;
}

/** The text after every edit, or Loom's `InvalidArguments` text for the first edit that failed. */
export type LoomEditPlan = { ok: true; text: string } | { ok: false; message: string };

/**
 * Loom's edit semantics, pure: edits apply in order, each to the text the
 * previous one left. An empty `old_str` appends `new_str`; `replace_all`
 * replaces every occurrence (none is fine); otherwise `old_str` must occur
 * exactly once: none is `old_str not found: <old_str>`, several are
 * `old_str found N times, use replace_all`. Matching is exact, code unit for
 * code unit; occurrences are counted without overlap, as Rust's `matches`.
 */
export function planLoomEdits(text: string, edits: readonly LoomEdit[]): LoomEditPlan {
  let content = text;
  for (const edit of edits) {
    if (edit.old_str === "") {
      content += edit.new_str;
    } else if (edit.replace_all === true) {
      content = content.split(edit.old_str).join(edit.new_str);
    } else {
      const count = occurrences(content, edit.old_str);
      if (count === 0) return { ok: false, message: `old_str not found: ${edit.old_str}` };
      if (count > 1) return { ok: false, message: `old_str found ${count} times, use replace_all` };
      const at = content.indexOf(edit.old_str);
      content = content.slice(0, at) + edit.new_str + content.slice(at + edit.old_str.length);
    }
  }
  return { ok: true, text: content };
}

/** Non-overlapping occurrences of a non-empty needle. */
function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length))
    count++;
  return count;
}
