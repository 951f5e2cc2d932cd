import type { RetryEvent } from "../http/transport-options.js";

/** The progress line of a retry wait: `retrying in 2 s after 429` (or after the failure's reason). */
export function retryLine({ delayMs, status, reason }: RetryEvent): string {
  const seconds = Math.round(delayMs / 100) / 10;
  return `retrying in ${seconds} s after ${status ?? reason}`;
}
