import { defineConfig } from "vitest/config";

// One shared config for every package. Workspace packages resolve to their
// TypeScript sources through the "@toolkit/source" export condition, so tests
// never depend on a stale build of a sibling package.
export default defineConfig({
  resolve: { conditions: ["@toolkit/source", "node", "import", "default"] },
  ssr: { resolve: { conditions: ["@toolkit/source", "node", "import", "default"] } },
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "apps/*/src/**/*.test.ts",
      "apps/*/test/**/*.test.ts",
      "bench/src/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "**/dist/**"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // .ci/run runs the suite twice (Node 20, then Node 24) and reads each
    // run's counts from its own report.
    reporters: ["default", ["json", { outputFile: process.env.VITEST_REPORT ?? ".vitest-report.json" }]],
    typecheck: {
      enabled: true,
      include: ["packages/*/src/**/*.test-d.ts"],
      tsconfig: "./tsconfig.typetests.json",
    },
  },
});
