#!/usr/bin/env node
// The toolkit-clean bin: removes temp folders that killed Toolkit processes left behind (see README.md).
import { runToolkitClean } from "./run-toolkit-clean.js";

process.exitCode = await runToolkitClean({ argv: process.argv.slice(2) });
