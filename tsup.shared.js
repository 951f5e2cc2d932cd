// Shared tsup settings: every package builds ESM for Node 20 with declarations.
/** @param {{ entry: Record<string, string>, external?: string[] }} opts */
export function packageConfig({ entry, external = [] }) {
  return {
    entry,
    format: ["esm"],
    target: "node20",
    platform: "node",
    dts: true,
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
