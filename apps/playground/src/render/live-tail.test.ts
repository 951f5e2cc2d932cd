import { describe, expect, it } from "vitest";
import { colorsFor } from "./colors.js";
import { createLiveTail } from "./live-tail.js";

const plain = colorsFor({ isTTY: false, env: {} });

/** A tiny terminal: text, `\n`, `\r`, cursor up (`ESC[1A`) and erase line (`ESC[2K`). */
function screen() {
  const rows: string[] = [""];
  let row = 0;
  let col = 0;
  const put = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] as string;
      if (text.startsWith("\u001b[1A", i)) {
        row = Math.max(0, row - 1);
        i += 3;
      } else if (text.startsWith("\u001b[2K", i)) {
        rows[row] = "";
        i += 3;
      } else if (ch === "\r") col = 0;
      else if (ch === "\n") {
        row++;
        col = 0;
        if (rows.length <= row) rows.push("");
      } else {
        const line = (rows[row] ?? "").padEnd(col);
        rows[row] = line.slice(0, col) + ch + line.slice(col + 1);
        col++;
      }
    }
  };
  return { put, text: () => rows.join("\n").replace(/\n+$/, "") };
}

describe("createLiveTail", () => {
  describe("when stdout is a TTY", () => {
    it("redraws the last 5 output lines in place and erases them when the call ends", () => {
      const term = screen();
      let writes = 0;
      const tail = createLiveTail({
        write: (t) => {
          writes++;
          term.put(t);
        },
        colors: plain,
        tty: true,
      });
      term.put("  ▸ Shell {}\n");
      for (let i = 1; i <= 8; i++) tail.update("c1", "Shell", { output: `line ${i}\n` });
      expect(term.text()).toBe(
        ["  ▸ Shell {}", "    │ line 4", "    │ line 5", "    │ line 6", "    │ line 7", "    │ line 8"].join(
          "\n",
        ),
      );
      tail.update("c1", "Shell", { output: "partial" });
      tail.update("c1", "Shell", { output: " done\n", message: "stalled" });
      expect(term.text().split("\n").slice(-2)).toEqual(["    │ partial done", "    … Shell: stalled"]);
      tail.end("c1");
      term.put("  ✓ Shell\n");
      expect(term.text()).toBe(["  ▸ Shell {}", "  ✓ Shell"].join("\n"));
      expect(writes).toBeGreaterThan(8);
    });
  });

  describe("when stdout is not a TTY", () => {
    it("appends each complete output line once, new progress lines once, and the partial line at the end", () => {
      let out = "";
      const tail = createLiveTail({ write: (t) => (out += t), colors: plain, tty: false });
      tail.update("c1", "Shell", { output: "1\n2" });
      tail.update("c1", "Shell", { output: "\n3" });
      tail.update("c2", "Grep", { message: "scanned 1,000 files" });
      tail.update("c2", "Grep", { message: "scanned 1,000 files" });
      tail.update("c2", "Grep", { message: "scanned 2,000 files", progress: 2000 });
      tail.end("c1");
      tail.end("c2");
      expect(out).toBe(
        [
          "    │ 1",
          "    │ 2",
          "    … Grep: scanned 1,000 files",
          "    … Grep: scanned 2,000 files",
          "    │ 3",
          "",
        ].join("\n"),
      );
      expect(out).not.toContain("\u001b");
    });
  });
});

describe("consoleObserver with a live tail", () => {
  describe("when a call reports output while it runs", () => {
    it("shows the lines between the call and its result", async () => {
      const { consoleObserver } = await import("./console-observer.js");
      const { ToolOutput } = await import("@toolkit/core");
      let out = "";
      const write = (t: string) => {
        out += t;
      };
      const spinner = { start: () => {}, stop: () => {} };
      const observer = consoleObserver({
        write,
        colors: plain,
        spinner,
        tail: createLiveTail({ write, colors: plain, tty: false }),
      });
      const base = { runId: "run-1", turn: 1, id: "c1", name: "Shell", tool: undefined };
      observer.onToolPre?.({ ...base, input: { command: "seq 2" } });
      observer.onToolProgress?.({ ...base, recordsTrajectory: true, update: { output: "1\n2\n" } });
      observer.onToolPost?.({
        ...base,
        input: {},
        output: ToolOutput.text("done"),
        durationMs: 5,
        recordsTrajectory: true,
      });
      expect(out.split("\n").slice(0, 4)).toEqual([
        '  ▸ Shell {"command":"seq 2"}',
        "    │ 1",
        "    │ 2",
        "  ✓ Shell 5 ms",
      ]);
    });
  });
});
