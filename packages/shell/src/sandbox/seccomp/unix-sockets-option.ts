/** `allowUnixSockets` after checking: a boolean on Linux, a boolean or absolute socket paths on macOS. */
export type UnixSocketsSetting = boolean | readonly string[];

/**
 * Checks the policy's `allowUnixSockets` for `platform`. On Linux the
 * filter is seccomp, which sees a system call's numbers but never the path
 * a socket connects to, so only `true`/`false` can be kept; a list is a
 * TypeError saying so. On macOS the Seatbelt profile names socket paths.
 */
export function unixSocketsOption(value: unknown, platform: NodeJS.Platform): UnixSocketsSetting {
  if (value === undefined) return false;
  if (typeof value === "boolean") return value;
  if (Array.isArray(value)) {
    if (platform !== "darwin") {
      throw new TypeError(
        `Shell: \`sandbox.allowUnixSockets\` must be true or false on ${platform}: the seccomp filter sees no socket paths, so a list (${JSON.stringify(value)}) cannot be enforced; use true, or list paths only on macOS`,
      );
    }
    return value.map((item: unknown, i) => {
      if (typeof item !== "string" || !item.startsWith("/") || item.includes("\0")) {
        throw new TypeError(
          `Shell: \`sandbox.allowUnixSockets[${i}]\` must be an absolute socket path, got ${JSON.stringify(item)}`,
        );
      }
      return item;
    });
  }
  throw new TypeError(
    `Shell: \`sandbox.allowUnixSockets\` must be true, false${platform === "darwin" ? " or a list of socket paths" : ""}, got ${JSON.stringify(value)}`,
  );
}
