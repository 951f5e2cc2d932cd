import { promises as dns } from "node:dns";

/** One address from a resolver, as `dns.promises.lookup(host, { all: true })` returns them. */
export interface LookupAddress {
  address: string;
  family: number;
}

/** A resolver with the signature of `dns.promises.lookup(host, { all: true })`. */
export type LookupFunction = (hostname: string, options: { all: true }) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo), every address. */
export const systemLookup: LookupFunction = (hostname, options) => dns.lookup(hostname, options);
