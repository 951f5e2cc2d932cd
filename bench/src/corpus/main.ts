// `pnpm bench:corpus`: writes the benchmark corpus under bench/.corpus from a fixed seed.
import { buildCorpus } from "./build-corpus.js";

const summary = buildCorpus();
console.log(
  `corpus: ${summary.files} files, ${(summary.bytes / 1e6).toFixed(1)} MB in ${summary.dir} (seed ${summary.seed}, sha256 ${summary.digest})`,
);
