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
    dts: { resolve: ["@toolkit/internal"] },
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
