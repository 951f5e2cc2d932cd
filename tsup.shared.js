// Shared tsup settings: every package builds ESM for Node 20 with declarations.
/** @param {{ entry: Record<string, string>, external?: string[] }} opts */
export function packageConfig({ entry, external = [] }) {
  return {
    entry,
    format: ["esm"],
    target: "node20",
    platform: "node",
    // @toolkit/internal is never published: its code is bundled into each
    // package (tsup bundles what is not a dependency), and so are its types,
    // so that no published declaration names it.
    dts: {
      resolve: ["@toolkit/internal"],
      // tsup's declaration resolver reads no `exports` map, so a subpath is
      // mapped to its source here, and its declarations are inlined too.
      compilerOptions: {
        rootDir: new URL(".", import.meta.url).pathname,
        paths: { "@toolkit/internal/secrets": ["../internal/src/secrets/index.ts"] },
      },
    },
    sourcemap: true,
    clean: true,
    splitting: true,
    treeshake: true,
    external,
    // The sources ship once, in src/; the maps point at them instead of
    // embedding a second copy of every file.
    esbuildOptions(options) {
      options.sourcesContent = false;
    },
  };
}
