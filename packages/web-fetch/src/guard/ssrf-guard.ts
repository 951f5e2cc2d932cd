import { isIP } from "node:net";
import { FetchError } from "../http/fetch-error.js";
import { hostOf } from "./host-name.js";
import type { LookupFunction } from "./lookup.js";
import { refusedReason } from "./refused-ranges.js";

/** Who may be reached: the SSRF policy with its resolver. */
export interface GuardPolicy {
  /** True: private, loopback and other internal addresses are allowed everywhere. */
  readonly allowPrivateNetwork: boolean;
  /** Hosts (normalised) for which the guard is lifted. */
  readonly allowHosts: ReadonlySet<string>;
  /** Resolves names; called once per hop. */
  readonly lookup: LookupFunction;
}

/** The address a hop connects to, checked, with the name it stands for. */
export interface CheckedTarget {
  /** The URL's host (normalised), sent as Host and as the TLS server name. */
  readonly hostname: string;
  /** The address the connection goes to; no second lookup is made. */
  readonly address: string;
  readonly family: 4 | 6;
}

/** True when the policy lets `host` reach internal addresses. */
export function guardLifted(policy: GuardPolicy, host: string): boolean {
  return policy.allowPrivateNetwork || policy.allowHosts.has(host);
}

/**
 * Resolves the URL's host once (IP literals are not looked up) and checks
 * every address it resolves to: one refused address refuses the host, so a
 * name cannot mix a public and a private answer. Returns the first address,
 * which the caller connects to. Throws a FetchError (`dns` or `blocked`).
 */
export async function checkTarget(url: URL, policy: GuardPolicy): Promise<CheckedTarget> {
  const hostname = hostOf(url);
  const lifted = guardLifted(policy, hostname);
  let addresses: { address: string; family: number }[];
  if (isIP(hostname) !== 0) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      addresses = await policy.lookup(hostname, { all: true });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new FetchError(
        "dns",
        `DNS lookup of ${hostname} failed${typeof code === "string" ? ` (${code})` : ""}`,
        {
          cause: error,
        },
      );
    }
    if (!Array.isArray(addresses) || addresses.length === 0) {
      throw new FetchError("dns", `DNS lookup of ${hostname} returned no address`);
    }
  }
  for (const { address } of addresses) {
    if (typeof address !== "string" || isIP(address) === 0) {
      throw new FetchError(
        "blocked",
        `${hostname} resolved to ${JSON.stringify(address)}, which is not an IP address`,
      );
    }
    const reason = lifted ? undefined : refusedReason(address);
    if (reason !== undefined) {
      const via = address === hostname ? `${hostname} is` : `${hostname} resolves to ${address},`;
      throw new FetchError("blocked", `${via} an internal address: ${reason}`);
    }
  }
  const first = addresses[0] as { address: string };
  return { hostname, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}
