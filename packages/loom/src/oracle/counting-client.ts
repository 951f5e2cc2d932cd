import { addUsage, emptyUsage, type ModelClient, type Usage } from "@toolkit/loop";

/** A ModelClient that sums the usage of every reply it returns, and the client it wraps. */
export interface CountingClient extends ModelClient {
  /** The usage of every reply so far. */
  readonly usage: Usage;
  /** Requests answered so far. */
  readonly requests: number;
}

/** Wraps `model` so one oracle call can report what its replies cost. */
export function countingClient(model: ModelClient): CountingClient {
  let usage = emptyUsage();
  let requests = 0;
  return {
    provider: model.provider,
    model: model.model,
    encode: (request) => model.encode(request),
    async send(body, options) {
      const reply = await model.send(body, options);
      usage = addUsage(usage, reply.usage);
      requests += 1;
      return reply;
    },
    get usage() {
      return usage;
    },
    get requests() {
      return requests;
    },
  };
}
