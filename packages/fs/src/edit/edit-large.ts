import { createHash } from "node:crypto";
import { ToolError } from "@toolkit/core";
import type { EditFileOptions, EditFileResult } from "./edit-file.js";
import { editFailureError } from "./edit-failure.js";
import type { OpenFile } from "../source/file-source.js";
import { toLf } from "../text/line-endings.js";
import { openTarget } from "../target/open-target.js";
import type { StaleGuard } from "../tool/stale-guard.js";
import { regionAround, rewriteLarge, scanLarge } from "./stream-edit.js";
import type { Target } from "../target/target.js";
import { SNIFF_BYTES, sniffEncoding } from "../text/text-codec.js";

/**
 * One edit of a large UTF-8 file, streamed: a first pass checks the text,
 * the stale guard and the matches (count, first lines), a second pass writes
 * the result through the atomic write, a chunk at a time, so memory stays
 * bounded whatever the file's size. `undefined` when the file is not for
 * this path (UTF-16, binary, several edits): the caller edits it in memory.
 */
export async function editLarge(
  o: EditFileOptions,
  target: Target,
  guard: StaleGuard,
): Promise<EditFileResult | undefined> {
  const edit = o.edits[0];
  if (o.edits.length !== 1 || edit === undefined) return undefined;
  const file = await openTarget(o.fs, target, o.pathField, o.tool);
  try {
    const encoding = sniffEncoding(await head(file));
    if (encoding !== "utf8" && encoding !== "utf8-bom") return undefined;
    return await editOpened(o, target, guard, file, edit, encoding === "utf8-bom");
  } finally {
    await file.close();
  }
}

async function head(file: OpenFile): Promise<Uint8Array> {
  for await (const c of file.readChunks({ chunkBytes: SNIFF_BYTES, end: SNIFF_BYTES })) return Buffer.from(c);
  return new Uint8Array(0);
}

async function editOpened(
  o: EditFileOptions,
  target: Target,
  guard: StaleGuard,
  file: OpenFile,
  edit: EditFileOptions["edits"][number],
  bom: boolean,
): Promise<EditFileResult> {
  const names = { ...o.names(0), shown: target.shown, afterEarlierEdits: false };
  const oldText = toLf(edit.oldString);
  const newText = toLf(edit.newString);
  const all = edit.replaceAll ?? false;
  if (oldText === "") throw editFailureError({ kind: "empty-old" }, names);
  if (oldText === newText) throw editFailureError({ kind: "no-op" }, names);
  // LF as sent, and the same with CRLF for files (or parts of files) that end lines with CRLF.
  const variants: Array<[string, string]> = [[oldText, newText]];
  if (oldText.includes("\n"))
    variants.push([oldText.replaceAll("\n", "\r\n"), newText.replaceAll("\n", "\r\n")]);
  const hash = file.stat.size <= o.fs.maxHashBytes;
  const scan = await scanLarge(
    file,
    variants.map(([a]) => Buffer.from(a)),
    {
      hash,
      signal: o.ctx.signal,
    },
  );
  if (!scan.valid) {
    throw ToolError.invalidInput(
      `${target.shown} is not valid text (binary, or not UTF-8/UTF-16); it was not changed`,
      { advice: "Only text files can be edited; choose another file." },
    );
  }
  await guard.assertFresh(target.path.real, target.shown, {
    version: file.stat.version,
    ...(scan.hash === undefined ? {} : { hash: scan.hash }),
  });
  // A CRLF file is matched with CRLF (as the in-memory edit matches its LF text); LF otherwise.
  const crlf = scan.needles[1];
  const pick = crlf && crlf.count > 0 ? 1 : scan.needles.findIndex((n) => n.count > 0);
  const found = scan.needles[pick];
  const variant = variants[Math.max(0, pick)] ?? [oldText, newText];
  if (!found) throw editFailureError({ kind: "not-found", nearest: undefined }, names);
  if (found.count > 1 && !all) {
    throw editFailureError(
      { kind: "ambiguous", count: found.count, lines: found.first.map((f) => f.line) },
      names,
    );
  }
  const needle = Buffer.from(variant[0]);
  const replacement = Buffer.from(variant[1]);
  const made = all ? found.count : 1;
  const digest = createHash("sha256");
  const newBytes = file.stat.size + made * (replacement.length - needle.length);
  async function* hashed(): AsyncGenerator<Uint8Array> {
    for await (const c of rewriteLarge(file, needle, replacement, {
      all,
      expected: made,
      signal: o.ctx.signal,
    })) {
      digest.update(c);
      yield c;
    }
  }
  await o.fs.source.writeFile(target.path.real, hashed(), {
    realRoot: target.realRoot,
    shown: target.shown,
    signal: o.ctx.signal,
    expectVersion: file.stat.version,
  });
  const after = await o.fs.source.stat(target.path.real);
  guard.record(target.path.real, {
    ...(newBytes <= o.fs.maxHashBytes ? { hash: digest.digest("hex") } : {}),
    version: after?.version ?? "",
  });
  const first = found.first[0];
  const at = first?.at ?? file.stat.size;
  const region = await regionAround(file, at, needle.length, 3);
  const text = toLf(region.bytes.toString("utf8"));
  // The diff shows text: a BOM at the start of the file is not part of it.
  const before = bom && text.startsWith("\uFEFF") ? text.slice(1) : text;
  const line = first?.line ?? 1;
  return {
    target,
    created: false,
    before,
    after: all ? before.split(oldText).join(newText) : before.replace(oldText, () => newText),
    firstLine: line - region.newlinesBefore,
    applied: [{ index: 0, replacements: made, line, tolerant: false }],
    originalBytes: file.stat.size,
    newBytes,
  };
}
