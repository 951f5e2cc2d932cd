#!/usr/bin/env node
// Checks what `changeset status` would release: no package may be proposed a
// bump larger than its own changesets ask for. A major bump that no changeset
// asked for comes from a peer-dependency range (changesets bumps dependents
// whose peer range a release leaves) and would publish an accidental 1.0.0.
// Exits 1 and names the package when that happens.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "changeset-status-"));
const out = join(dir, "status.json");
try {
  // changeset resolves --output against the working directory.
  execFileSync(
    join(root, "node_modules", ".bin", "changeset"),
    ["status", `--output=${relative(root, out)}`],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const status = JSON.parse(readFileSync(out, "utf8"));
  const rank = { none: 0, patch: 1, minor: 2, major: 3 };
  const asked = new Map();
  for (const cs of status.changesets) {
    for (const r of cs.releases) {
      if ((rank[r.type] ?? 0) > (rank[asked.get(r.name)] ?? 0)) asked.set(r.name, r.type);
    }
  }
  let bad = 0;
  for (const r of status.releases) {
    const want = asked.get(r.name) ?? "none";
    if (rank[r.type] > rank[want]) {
      bad++;
      console.log(
        `${r.name}: changesets ask for ${want}, but the release would be ${r.type} (${r.oldVersion} -> ${r.newVersion}); ` +
          "widen the peer range that pulls it up, or add a changeset that asks for it",
      );
    }
  }
  console.log(
    bad
      ? `${bad} package(s) would be bumped past their changesets`
      : `${status.releases.length} releases: each as its changesets ask`,
  );
  process.exitCode = bad ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
