import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analyzeCommand } from "./analyze-command.js";

/** [command, readOnly, reason when not read-only] */
const FIXTURES: ReadonlyArray<readonly [string, boolean, string?]> = [
  // plain reads
  ["ls", true],
  ["ls -la src", true],
  ["cat README.md", true],
  ["head -n 20 file.txt", true],
  ["tail -f log.txt", true],
  ["wc -l *.ts", true],
  ["grep -rn 'TODO' src", true],
  ["rg --json foo", true],
  ["pwd", true],
  ["echo hello world", true],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  ["echo $HOME ${USER:-nobody}", true],
  ["which node", true],
  ["stat package.json", true],
  ["file image.png", true],
  ["du -sh .", true],
  ["jq .name package.json", true],
  ["diff a.txt b.txt", true],
  ["date +%Y-%m-%d", true],
  ["env", true],
  ["command -v git", true],
  ["true", true],
  ["  ls  ", true],
  // pipelines and lists
  ["ls | grep foo", true],
  ["cat a | sort | uniq -c | sort -rn | head", true],
  ["git log --oneline | head -5", true],
  ["ls && pwd", true],
  ["ls; pwd", true],
  ["test -f x || echo missing", true],
  ["cd src && ls", true],
  ["ls\npwd", true],
  ["(cd src && ls)", true],
  ["{ ls; pwd; }", true],
  ["if [ -f x ]; then cat x; else echo none; fi", true],
  ["for f in a b; do cat $f; done", true],
  ["[[ -d src ]] && ls src", true],
  ["ls | rm -rf x", false, "`rm` is not on the read-only list"],
  ["ls && rm x", false, "`rm` is not on the read-only list"],
  ["ls; touch x", false, "`touch` is not on the read-only list"],
  ["ls\nrm x", false, "`rm` is not on the read-only list"],
  ["(cd src && rm x)", false, "`rm` is not on the read-only list"],
  ["if true; then rm x; fi", false, "`rm` is not on the read-only list"],
  // quoting
  ["echo 'a; rm -rf /'", true],
  ['echo "a && rm x"', true],
  ["grep 'a|b' file", true],
  ["echo a\\;rm x", true],
  ["'rm' x", false, "`rm` is not on the read-only list"],
  ['"ls"', true],
  ["echo 'unterminated", false, "it does not parse: 1:6: reached EOF without closing quote '"],
  // redirections
  ["ls > out.txt", false, "`>` writes to the file `out.txt`"],
  ["ls >> out.txt", false, "`>>` writes to the file `out.txt`"],
  ["echo hi >| f", false, "`>|` writes to the file `f`"],
  ["ls &> all.log", false, "`&>` writes to the file `all.log`"],
  ["ls 2>&1", true],
  ["ls 2>/dev/null", true],
  ["ls >&2", true],
  ["ls >& out", false, "`>&` writes to the file `out`"],
  ["cat < in.txt", true],
  ["cat <> f", false, "`<>` opens a file for writing"],
  ["ls > $OUT", false, "`>` writes to a file whose name is computed at run time"],
  ["ls | tee out.txt", false, "`tee` is not on the read-only list"],
  // substitutions
  ["echo $(rm -rf /)", false, "it runs a command substitution (`$(...)` or backquotes)"],
  ["echo `whoami`", false, "it runs a command substitution (`$(...)` or backquotes)"],
  ['echo "$(ls)"', false, "it runs a command substitution (`$(...)` or backquotes)"],
  ["diff <(ls a) <(ls b)", false, "it runs a process substitution (`<(...)` or `>(...)`)"],
  ["echo $((1+2))", false, "it uses arithmetic expansion, which can assign variables"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  ["echo ${x:=1}", false, "a parameter expansion assigns a variable (`${name=value}`)"],
  ["$CMD arg", false, "the command name is computed at run time"],
  ["l$(echo s)", false, "the command name is computed at run time"],
  // find
  ["find . -name '*.ts'", true],
  ["find . -type f -newer x", true],
  ["find . -name '*.tmp' -delete", false, "`find -delete` deletes files"],
  ["find . -exec rm {} \\;", false, "`find -exec` runs other commands"],
  ["find . -execdir cat {} +", false, "`find -execdir` runs other commands"],
  ["find . -fprint out", false, "`find -fprint` writes to a file"],
  [
    "find $DIR -name x",
    false,
    "an argument of `find` is computed at run time (an expansion or a glob), so it cannot be checked",
  ],
  // sed
  ["sed -n '1,20p' file", true],
  ["sed 's/foo/bar/g' file", true],
  ["sed -e 's/a/b/' -e '/x/d' file", true],
  ["sed -i 's/a/b/' file", false, "`sed -i` edits files in place"],
  ["sed -ni 's/a/b/p' file", false, "`sed -ni` edits files in place"],
  ["sed --in-place=.bak 's/a/b/' f", false, "`sed --in-place=.bak` edits files in place"],
  ["sed 's/a/b/w out' file", false, "the sed flag `s///w` writes to a file"],
  ["sed '1e date' file", false, "the sed command `e` runs a shell command"],
  ["sed -n '/x/w out.txt' f", false, "the sed command `w` writes to a file"],
  ["sed -f script.sed file", false, "`sed -f` reads its script from a file, which the analysis cannot check"],
  // git
  [
    "git status",
    false,
    "`git status` reads work-tree files through the clean filters a repository's configuration names (`filter.<driver>.clean`), which no option switches off; ask before running it",
  ],
  [
    "git diff --stat HEAD~1",
    false,
    "`git diff` runs the programs a repository's configuration names for diffs (`diff.external`, `diff.<driver>.command`, `diff.<driver>.textconv`); add `--no-ext-diff --no-textconv`",
  ],
  [
    "git log -p -- src",
    false,
    "`git log` with diff options runs the programs a repository's configuration names for diffs (`diff.external`, `diff.<driver>.command`, `diff.<driver>.textconv`); add `--no-ext-diff --no-textconv`",
  ],
  ["git log -p --no-ext-diff --no-textconv -- src", true],
  ["git diff --no-ext-diff --no-textconv --stat HEAD~1..HEAD", true],
  ["git show --no-ext-diff --no-textconv HEAD:README.md", true],
  ["git --no-pager log", true],
  ["git -C sub log --oneline", true],
  ["git branch -a", true],
  ["git branch --list 'feat/*'", true],
  ["git remote -v", true],
  ["git stash list", true],
  ["git config --get user.name", true],
  ["git push origin main", false, "`git push` is not a read-only git subcommand"],
  ["git commit -m x", false, "`git commit` is not a read-only git subcommand"],
  ["git checkout -b x", false, "`git checkout` is not a read-only git subcommand"],
  [
    "git branch new-feature",
    false,
    "`git branch` with a name creates a branch; list with `git branch --list`",
  ],
  [
    "git branch -D old",
    false,
    "`git branch -D` is not a listing option the analysis knows (it may change branches)",
  ],
  ["git stash", false, "`git stash` without `list` or `show` as its first argument saves changes (a push)"],
  ["git -c core.fsmonitor=x status", false, "`git -c` can set configuration that runs commands"],
  ["git diff --output=patch.diff", false, "`git diff --output=patch.diff` writes to a file"],
  [
    "git config user.name me",
    false,
    "`git config` changes configuration unless it only reads (`--get`, `--list`)",
  ],
  // env prefixes and assignments
  ["FOO=bar ls", false, "it sets `FOO` for the command (an assignment prefix)"],
  ["x=1", false, "it assigns the variable `x`"],
  ["export A=1", false, "it declares variables (`export`, `declare`, `local`, `readonly`)"],
  ["env FOO=1 rm x", false, "`env` with arguments runs a command"],
  ["let x=1", false, "`let` assigns variables"],
  // heredocs and here-strings
  ["cat <<EOF\nhello\nEOF", true],
  ["cat <<'EOF'\n$(rm x)\nEOF", true],
  ["cat <<EOF\n$(rm x)\nEOF", false, "it runs a command substitution (`$(...)` or backquotes)"],
  ["cat <<EOF > out.txt\nhi\nEOF", false, "`>` writes to the file `out.txt`"],
  ["grep x <<< 'a x b'", true],
  // other commands and constructs
  ["rm -rf node_modules", false, "`rm` is not on the read-only list"],
  ["npm install", false, "`npm` is not on the read-only list"],
  ["bash -c ls", false, "`bash` is not on the read-only list"],
  ["eval ls", false, "`eval` is not on the read-only list"],
  ["xargs cat", false, "`xargs` is not on the read-only list"],
  ["ls &", false, "it runs a command in the background (`&`)"],
  ["f() { ls; }", false, "it defines a function"],
  ["sort -o out.txt in.txt", false, "`sort -o` writes to a file"],
  ["sort --compress-program=sh big.txt", false, "`sort --compress-program=sh` runs another command"],
  ["sort -k2 -n data.txt", true],
  ["uniq in.txt out.txt", false, "`uniq` with two file names writes the second"],
  ["date -s '2020-01-01'", false, "`date -s` sets the clock"],
  ["rg --pre ./x foo", false, "`rg --pre` runs other commands"],
  ["command rm x", false, "`command` runs other commands unless used as `command -v`"],
  ["", false, "the command is empty"],
  ["   ", false, "the command is empty"],
];

describe("analyzeCommand", () => {
  describe("when given the fixture table", () => {
    it("holds at least 80 commands", () => {
      expect(FIXTURES.length).toBeGreaterThanOrEqual(80);
    });

    const rows = FIXTURES.map(([command, readOnly, reason]) => ({ command, readOnly, reason }));
    it.each(rows)("$command -> readOnly $readOnly", ({ command, readOnly, reason }) => {
      const result = analyzeCommand(command);
      expect(result).toEqual(readOnly ? { readOnly: true } : { readOnly: false, reason });
    });
  });

  describe("when the input is arbitrary text", () => {
    it("never throws and always answers with a boolean and, when false, a reason", () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 60 }), (command) => {
          const result = analyzeCommand(command);
          expect(typeof result.readOnly).toBe("boolean");
          if (!result.readOnly) expect(result.reason).toMatch(/\S/);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("when an arbitrary string is passed single-quoted to cat", () => {
    it("stays read-only whatever the string holds", () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 40 }), (text) => {
          const quoted = `'${text.replaceAll("'", "'\\''")}'`;
          expect(analyzeCommand(`cat ${quoted}`)).toEqual({ readOnly: true });
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("when a write is appended to any read-only command", () => {
    it("is never read-only", () => {
      const reads = FIXTURES.filter(([, readOnly]) => readOnly).map(([command]) => command);
      fc.assert(
        fc.property(
          fc.constantFrom(...reads),
          fc.constantFrom("; rm x", " && touch y", " | tee z"),
          (read, write) => {
            expect(analyzeCommand(`${read}${write}`).readOnly).toBe(false);
          },
        ),
        { numRuns: 200 },
      );
    });
  });
});

describe("analyzeCommand's cache of recent commands", () => {
  describe("when the same command string comes again", () => {
    it("answers with the same frozen verdict", () => {
      const first = analyzeCommand("ls > cached-out.txt");
      expect(analyzeCommand("ls > cached-out.txt")).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      expect(first.readOnly).toBe(false);
    });
  });

  describe("when a command is used often among many others", () => {
    it("keeps it (least recently used goes first) and still judges each string on its own", () => {
      const kept = analyzeCommand("git status --short");
      for (let i = 0; i < 1000; i++) {
        expect(analyzeCommand(`echo ${i} > f${i}`).readOnly).toBe(false);
        expect(analyzeCommand(`echo ${i}`).readOnly).toBe(true);
        if (i % 100 === 0) expect(analyzeCommand("git status --short")).toBe(kept);
      }
      expect(analyzeCommand("git status --short")).toBe(kept);
    });
  });
});
