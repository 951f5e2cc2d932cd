/** ANSI styling that turns itself off when colour is not wanted. */
export interface Colors {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
}

/**
 * Colours for a stream: on for a TTY unless `NO_COLOR` is set, forced on by
 * `FORCE_COLOR` (not "0").
 */
export function colorsFor({ isTTY, env }: { isTTY: boolean; env: NodeJS.ProcessEnv }): Colors {
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0";
  const enabled = forced || (isTTY && env.NO_COLOR === undefined);
  const wrap = (open: number, close: number) => (text: string) =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    enabled,
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
    magenta: wrap(35, 39),
  };
}
