import { connect as netConnect } from "node:net";
import type { Duplex } from "node:stream";
import { connect as tlsConnect } from "node:tls";

/** Where one connection goes: the checked address, with the name it stands for. */
export interface ConnectTarget {
  readonly protocol: "http:" | "https:";
  /** The URL's host: the TLS server name (SNI and certificate check) and the Host header. */
  readonly hostname: string;
  /** The checked address; the connection goes here and nowhere else. */
  readonly address: string;
  readonly family: 4 | 6;
  readonly port: number;
}

/**
 * Opens the byte stream for one request (for `https:` a TLS stream). The seam
 * through which hosts route connections (a proxy, a test network); it must
 * connect to `target.address`, never resolve `target.hostname` again.
 */
export type Connector = (target: ConnectTarget) => Duplex;

/**
 * Connects to the checked address itself, so there is no second DNS lookup
 * and no rebinding window. TLS verifies the certificate against the name
 * (sent as SNI), not the address.
 */
export const connectPinned: Connector = ({ protocol, hostname, address, family, port }) => {
  if (protocol === "http:") return netConnect({ host: address, port, family });
  const literal = hostname === address || hostname.includes(":") || /^[\d.]+$/.test(hostname);
  return tlsConnect({
    host: address,
    port,
    ...(literal ? {} : { servername: hostname }),
    ALPNProtocols: ["http/1.1"],
  });
};
