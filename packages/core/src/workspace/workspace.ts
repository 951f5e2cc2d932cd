import { lstat, readlink, realpath } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { ToolContext } from "../context/context.js";
import { ToolError } from "../errors/error.js";

/** A path checked against the workspace rules. */
export interface WorkspacePath {
  /** The absolute path as asked for (lexically normalised, inside the root). */
  readonly absolute: string;
  /** The path with every existing symlink resolved (inside the real root). */
  readonly real: string;
  /** The path relative to the root, with "/" separators; "." for the root itself. */
  readonly relative: string;
  /** Whether something exists at the path (a dangling symlink counts as absent). */
  readonly exists: boolean;
}

/** Options for a Workspace. */
export interface WorkspaceOptions {
  /** The directory nothing may leave. Made absolute against `process.cwd()`. */
  root: string;
}

/** A path that is really a URL (`http://`, `file://`): refused by `lexical`. */
export const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The directory a tool works in, and the rules that keep it there: `..`
 * escapes, absolute paths outside the root, symlinks (at any depth) that
 * resolve outside, NUL bytes and URLs are refused with a soft `Permission`
 * error that names the path. A path that does not exist yet is checked by
 * resolving its deepest existing ancestor.
 *
 * @example
 * const ws = new Workspace({ root: "/repo" });
 * const p = await ws.resolve("src/index.ts"); // p.real === "/repo/src/index.ts"
 * await ws.resolve("../etc/passwd");          // throws ToolError (Permission)
 */
export class Workspace {
  /** The root as given, made absolute. */
  readonly root: string;
  #realRoot: Promise<string> | undefined;

  constructor(options: WorkspaceOptions) {
    if (typeof options?.root !== "string" || options.root === "" || options.root.includes("\0")) {
      throw new TypeError(
        `Workspace: \`root\` must be a directory path, got ${JSON.stringify(options?.root)}`,
      );
    }
    this.root = resolve(options.root);
  }

  /** The workspace given as an option, else one rooted at `ctx.cwd`. */
  static from(ctx: Pick<ToolContext, "cwd">, workspace?: Workspace): Workspace {
    return workspace ?? new Workspace({ root: ctx.cwd });
  }

  /** The root with symlinks resolved (cached; a root that does not exist is an IO error). */
  realRoot(): Promise<string> {
    this.#realRoot ??= realpath(this.root).catch((error: unknown) => {
      this.#realRoot = undefined;
      throw ToolError.io(`the workspace root ${this.root} cannot be opened (${code(error)})`, {
        cause: error,
      });
    });
    return this.#realRoot;
  }

  /**
   * Checks a path from the model and resolves it. `field` names the input
   * field in error messages.
   */
  async resolve(path: string, field = "file_path"): Promise<WorkspacePath> {
    const realRoot = await this.realRoot();
    const absolute = this.#viaRealRoot(path, realRoot) ?? this.lexical(path, field);
    const { real, exists } = await resolveReal(absolute, field);
    if (!inside(realRoot, real) && !inside(this.root, real)) {
      throw ToolError.permission(
        `\`${field}\` "${path}" resolves through a symlink to ${real}, outside the workspace ${this.root}`,
        {
          advice: "Use a path inside the workspace; symlinks that lead outside it are not followed.",
        },
      );
    }
    return { absolute, real, relative: toRelative(this.root, absolute), exists };
  }

  /**
   * An absolute path spelled through the real root of a symlinked root
   * (`/data/ws/f` for a root given as `/tmp/link`), mapped onto the root as
   * given; undefined for any other path.
   */
  #viaRealRoot(path: string, realRoot: string): string | undefined {
    if (realRoot === this.root || typeof path !== "string" || !isAbsolute(path) || path.includes("\0"))
      return undefined;
    const absolute = resolve(path);
    if (inside(this.root, absolute) || !inside(realRoot, absolute)) return undefined;
    return join(this.root, relative(realRoot, absolute));
  }

  /**
   * The lexical checks alone (no I/O): NUL bytes, URLs, `..` escapes and
   * absolute paths outside the root. Returns the absolute path.
   */
  lexical(path: string, field = "file_path"): string {
    if (typeof path !== "string" || path === "") {
      throw ToolError.invalidInput(`\`${field}\` must be a non-empty path, got ${JSON.stringify(path)}`);
    }
    if (path.includes("\0")) {
      throw ToolError.permission(`\`${field}\` contains a NUL byte: ${JSON.stringify(path)}`, {
        advice: "Pass a plain filesystem path without control characters.",
      });
    }
    if (URL_LIKE.test(path)) {
      throw ToolError.permission(`\`${field}\` "${path}" is a URL; pass a filesystem path instead`, {
        advice: "Pass a filesystem path inside the workspace instead of a URL.",
      });
    }
    const absolute = isAbsolute(path) ? resolve(path) : resolve(this.root, path);
    if (!inside(this.root, absolute)) {
      throw ToolError.permission(`\`${field}\` "${path}" is outside the workspace ${this.root}`, {
        advice: "Use a path inside the workspace (relative to its root, or absolute under it).",
      });
    }
    return absolute;
  }

  /** True when a real (symlink-resolved) path lies inside the real root. */
  async containsReal(real: string): Promise<boolean> {
    return inside(await this.realRoot(), real);
  }

  /** A path relative to the root with "/" separators, for replies. */
  relative(absolute: string): string {
    return toRelative(this.root, absolute);
  }
}

/** True when `path` is `root` or below it (both absolute and normalised). */
export function inside(root: string, path: string): boolean {
  if (path === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return path.startsWith(prefix);
}

function toRelative(root: string, absolute: string): string {
  const rel = relative(root, absolute);
  return rel === "" ? "." : rel.split(sep).join("/");
}

/**
 * Resolves symlinks of the deepest existing ancestor, then appends the rest.
 * A dangling symlink is resolved through its target text, so a link to a
 * missing file outside the root is still caught.
 */
async function resolveReal(absolute: string, field: string): Promise<{ real: string; exists: boolean }> {
  const rest: string[] = [];
  let current = absolute;
  for (let hops = 0; ; ) {
    try {
      const real = await realpath(current);
      return { real: rest.length ? join(real, ...rest.reverse()) : real, exists: rest.length === 0 };
    } catch (error) {
      const c = code(error);
      if (c === "ELOOP")
        throw ToolError.permission(`\`${field}\` ${absolute} goes through a symlink loop`, {
          advice: "Use a path that does not go through looping symlinks.",
        });
      if (c !== "ENOENT" && c !== "ENOTDIR")
        throw ToolError.io(`cannot resolve ${absolute} (${c})`, { cause: error });
      // A dangling link: follow its target text so escapes through it are seen.
      const link = await lstat(current).catch(() => undefined);
      if (link?.isSymbolicLink() && hops++ < 40) {
        const target = await readlink(current);
        current = resolve(join(current, ".."), target);
        continue;
      }
      const parent = join(current, "..");
      if (parent === current) return { real: join(current, ...rest.reverse()), exists: false };
      rest.push(current.slice(parent.length).replace(/^[/\\]/, ""));
      current = parent;
    }
  }
}

function code(error: unknown): string {
  return (error as { code?: string } | undefined)?.code ?? String(error);
}
