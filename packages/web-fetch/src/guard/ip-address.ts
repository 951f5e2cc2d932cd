/** An IP address as numbers: IPv4 as one unsigned 32-bit value, IPv6 as eight 16-bit groups. */
export type IpAddress =
  | { readonly family: 4; readonly value: number }
  | { readonly family: 6; readonly groups: readonly number[] };

const DOTTED_QUAD = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * Parses a canonical dotted-quad IPv4 address (`a.b.c.d`, decimal, no leading
 * zeros). Anything else, including the octal, hex and short forms a URL parser
 * would rewrite, is undefined: callers normalise through WHATWG `URL` first and
 * refuse what still does not parse.
 */
export function parseIpv4(text: string): number | undefined {
  if (!DOTTED_QUAD.test(text)) return undefined;
  return text.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** Parses an IPv6 address (`::` shorthand, an IPv4 tail, a `%zone` suffix and brackets allowed) into eight groups. */
export function parseIpv6(text: string): number[] | undefined {
  let rest = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = rest.indexOf("%");
  if (zone !== -1) rest = rest.slice(0, zone);
  if (rest === "" || /[^0-9a-fA-F:.]/.test(rest)) return undefined;
  const halves = rest.split("::");
  if (halves.length > 2) return undefined;
  const head = groupsOf(halves[0] ?? "");
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? "") : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

/** The 16-bit groups of one side of `::`; a dotted IPv4 tail counts as two groups. */
function groupsOf(side: string): number[] | undefined {
  if (side === "") return [];
  const parts = side.split(":");
  const groups: number[] = [];
  for (const [i, part] of parts.entries()) {
    if (part.includes(".")) {
      const v4 = i === parts.length - 1 ? parseIpv4(part) : undefined;
      if (v4 === undefined) return undefined;
      groups.push(Math.floor(v4 / 65536), v4 % 65536);
    } else {
      if (!/^[0-9a-fA-F]{1,4}$/.test(part)) return undefined;
      groups.push(Number.parseInt(part, 16));
    }
  }
  return groups;
}

/** Parses either family; undefined when the text is not an IP address in canonical form. */
export function parseIp(text: string): IpAddress | undefined {
  const v4 = parseIpv4(text);
  if (v4 !== undefined) return { family: 4, value: v4 };
  if (!text.includes(":")) return undefined;
  const groups = parseIpv6(text);
  return groups === undefined ? undefined : { family: 6, groups };
}

/** Dotted-quad text of a 32-bit IPv4 value. */
export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join(".");
}
