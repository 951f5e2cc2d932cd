import type { OptionArg, OptionTable } from "./getopt-long.js";

type Long = Record<string, readonly [string, OptionArg]>;
const none = (id: string) => [id, "none"] as const;
const required = (id: string) => [id, "required"] as const;
const optional = (id: string) => [id, "optional"] as const;
const HELP: Long = { help: none("--help"), version: none("--version") };

/** GNU sed 4.9: every option, so that abbreviations resolve as sed resolves them. */
export const SED: OptionTable = {
  short: "bsnrzuEe:f:l:i::",
  long: {
    binary: none("-b"),
    "regexp-extended": none("-E"),
    debug: none("--debug"),
    "in-place": optional("-i"),
    expression: required("-e"),
    file: required("-f"),
    "line-length": required("-l"),
    "null-data": none("-z"),
    "zero-terminated": none("-z"),
    quiet: none("-n"),
    silent: none("-n"),
    posix: none("--posix"),
    sandbox: none("--sandbox"),
    separate: none("-s"),
    unbuffered: none("-u"),
    "follow-symlinks": none("--follow-symlinks"),
    ...HELP,
  },
};

/** GNU sort (coreutils 9). */
export const SORT: OptionTable = {
  short: "bcCdfghik:mMno:rRsS:t:T:uVz",
  long: {
    "ignore-leading-blanks": none("-b"),
    check: optional("--check"),
    "compress-program": required("--compress-program"),
    debug: none("--debug"),
    "dictionary-order": none("-d"),
    "files0-from": required("--files0-from"),
    "ignore-case": none("-f"),
    "field-separator": required("-t"),
    "general-numeric-sort": none("-g"),
    "human-numeric-sort": none("-h"),
    "ignore-nonprinting": none("-i"),
    key: required("-k"),
    merge: none("-m"),
    "month-sort": none("-M"),
    "numeric-sort": none("-n"),
    output: required("-o"),
    parallel: required("--parallel"),
    "random-sort": none("-R"),
    "random-source": required("--random-source"),
    reverse: none("-r"),
    sort: required("--sort"),
    stable: none("-s"),
    "buffer-size": required("-S"),
    "temporary-directory": required("-T"),
    unique: none("-u"),
    "version-sort": none("-V"),
    "zero-terminated": none("-z"),
    "batch-size": required("--batch-size"),
    ...HELP,
  },
};

/** file 5.4x. */
export const FILE: OptionTable = {
  short: "0bcCdEe:f:F:hiklLm:nNpP:rsSvzZ",
  long: {
    apple: none("--apple"),
    brief: none("-b"),
    "checking-printout": none("-c"),
    compile: none("-C"),
    debug: none("-d"),
    exclude: required("-e"),
    "exclude-quiet": required("--exclude-quiet"),
    extension: none("--extension"),
    "files-from": required("-f"),
    "keep-going": none("-k"),
    list: none("-l"),
    "magic-file": required("-m"),
    mime: none("-i"),
    "mime-encoding": none("--mime-encoding"),
    "mime-type": none("--mime-type"),
    "no-buffer": none("-n"),
    "no-dereference": none("-h"),
    dereference: none("-L"),
    "no-pad": none("-N"),
    "no-sandbox": none("-S"),
    parameter: required("-P"),
    "preserve-date": none("-p"),
    print0: none("-0"),
    raw: none("-r"),
    separator: required("-F"),
    "special-files": none("-s"),
    uncompress: none("-z"),
    "uncompress-noreport": none("-Z"),
    help: none("--help"),
    version: none("-v"),
  },
};

/** GNU date (coreutils 9). */
export const DATE: OptionTable = {
  short: "d:f:I::r:Rs:u",
  long: {
    date: required("-d"),
    debug: none("--debug"),
    file: required("-f"),
    "iso-8601": optional("-I"),
    resolution: none("--resolution"),
    reference: required("-r"),
    "rfc-email": none("-R"),
    "rfc-822": none("-R"),
    "rfc-2822": none("-R"),
    "rfc-3339": required("--rfc-3339"),
    set: required("-s"),
    uct: none("-u"),
    universal: none("-u"),
    utc: none("-u"),
    ...HELP,
  },
};

/** GNU uniq (coreutils 9); `-N` (skip N fields) is a run of digits. */
export const UNIQ: OptionTable = {
  short: "0123456789cdDf:is:uw:z",
  long: {
    "all-repeated": optional("-D"),
    "check-chars": required("-w"),
    count: none("-c"),
    group: optional("--group"),
    "ignore-case": none("-i"),
    repeated: none("-d"),
    "skip-chars": required("-s"),
    "skip-fields": required("-f"),
    unique: none("-u"),
    "zero-terminated": none("-z"),
    ...HELP,
  },
};
