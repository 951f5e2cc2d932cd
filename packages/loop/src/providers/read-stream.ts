import { StreamEndedEarly } from "../http/post-json.js";
import { readSse } from "../http/read-sse.js";
import type { IdGen } from "../runtime/id-gen.js";
import type { ModelReply, StreamDelta } from "../model/model-client.js";
import type { WireCodec } from "./wire-codec.js";

/**
 * A `postJson` reader for one `send` that streams: each attempt assembles
 * the reply from the codec's events and passes the pieces to `onDelta`. A
 * retried attempt replays the start of the reply; what an earlier attempt
 * already showed is not shown again (counted per kind, and per call in
 * order of appearance for tool input).
 */
export function readStream({
  codec,
  ids,
  onDelta,
}: {
  codec: WireCodec;
  ids: IdGen;
  onDelta: ((delta: StreamDelta) => void) | undefined;
}): (response: Response, touch: () => void) => Promise<ModelReply> {
  const shown = new Map<string, number>();
  return async (response, touch) => {
    const make = codec.stream;
    if (!make) throw new TypeError(`the ${codec.provider} codec cannot stream`);
    if (!response.body) throw new StreamEndedEarly("the stream had no body");
    const assembler = make(ids);
    const seen = new Map<string, number>();
    const calls = new Map<string, number>();
    const emit = (d: StreamDelta) => {
      if (!onDelta || d.delta === "") return;
      let key: string = d.kind;
      if (d.callId !== undefined) {
        if (!calls.has(d.callId)) calls.set(d.callId, calls.size);
        key = `${d.kind}:${calls.get(d.callId)}`;
      }
      const before = seen.get(key) ?? 0;
      const after = before + d.delta.length;
      seen.set(key, after);
      const already = shown.get(key) ?? 0;
      if (after <= already) return;
      shown.set(key, after);
      onDelta(before >= already ? d : { ...d, delta: d.delta.slice(already - before) });
    };
    await readSse(
      response.body,
      (event) => {
        for (const d of assembler.push(event)) emit(d);
      },
      touch,
    );
    if (!assembler.complete) throw new StreamEndedEarly("the stream ended before the reply was complete");
    return assembler.reply();
  };
}
