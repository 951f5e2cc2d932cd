import type { WindowLine } from "./line-window.js";

/** Formats lines `cat -n` style: the number right-aligned to the widest shown, a tab, the text. */
export function formatLines(lines: readonly WindowLine[], maxLineChars: number): string {
  const width = String(lines.at(-1)?.number ?? 0).length;
  return lines
    .map((l) => {
      const cut =
        l.cutFromBytes === undefined
          ? ""
          : ` [line cut at ${maxLineChars} characters; ${l.cutFromBytes} bytes in all]`;
      return `${String(l.number).padStart(width)}\t${l.text}${cut}`;
    })
    .join("\n");
}

/** Formats a byte count with thousands separators, e.g. `12,345 bytes`. */
export function formatBytes(bytes: number): string {
  return `${formatNumber(bytes)} bytes`;
}

/** A count with thousands separators, e.g. `333,333`. */
export function formatNumber(n: number): string {
  return n.toLocaleString("en-US");
}
