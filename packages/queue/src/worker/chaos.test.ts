import { createToolContext } from "@toolkit/core";
import { dispatch } from "@toolkit/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RemoteRegistry, remoteRegistry } from "../host/remote-registry.js";
import { type RemoteToolsMiddleware, remoteTools } from "../host/remote-tools.js";
import { redisTestsEnabled, type TestWorkerProcess, TEST_SECRET } from "../testing/test-redis.js";
import { type QueueFixture, queueFixture } from "../testing/test-setup.js";

const QUEUE = "chaos";
const SESSIONS = 8;
const CALLS_PER_SESSION = 250;
const IN_FLIGHT_PER_SESSION = 4;
/** After this many answers, the worker in that slot is SIGKILLed and a new one started. */
const KILLS: ReadonlyArray<{ afterAnswers: number; slot: number }> = [
  { afterAnswers: 250, slot: 0 },
  { afterAnswers: 700, slot: 2 },
  { afterAnswers: 1150, slot: 1 },
  { afterAnswers: 1600, slot: 0 },
];

/** A small seeded generator, so every run makes the same choices. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.runIf(redisTestsEnabled())("startToolWorker under chaos", () => {
  let fx: QueueFixture;
  let registry: RemoteRegistry;
  let remote: RemoteToolsMiddleware;
  const slots: TestWorkerProcess[] = [];
  const start = () => fx.startWorker({ queue: QUEUE, tools: ["basic"], fastStall: true, concurrency: 8 });

  beforeAll(async () => {
    fx = await queueFixture();
    slots.push(...(await Promise.all([start(), start(), start()])));
    registry = await remoteRegistry({ connection: fx.redis.connection, secret: TEST_SECRET, queue: QUEUE });
    remote = remoteTools({
      connection: fx.redis.connection,
      secret: TEST_SECRET,
      queue: QUEUE,
      timeoutMs: 40_000,
    });
  }, 60_000);
  afterAll(async () => {
    await remote?.close();
    await registry?.close();
    await fx?.close();
  });

  it("answers 2,000 calls from 8 sessions exactly once while workers are killed and restarted", async () => {
    const random = mulberry32(20);
    const plan = Array.from({ length: SESSIONS }, (_, s) =>
      Array.from({ length: CALLS_PER_SESSION }, (_, i) => ({
        id: `c${i}`,
        tag: `s${s}-c${i}`,
        name: random() < 0.5 ? "Append" : "AppendIdem",
        sleepMs: Math.floor(random() * 8),
      })),
    );
    const answers = new Map<string, string[]>();
    let answered = 0;
    let nextKill = 0;
    const chaos: Promise<void>[] = [];
    const onAnswer = (): void => {
      answered += 1;
      const kill = KILLS[nextKill];
      if (kill && answered >= kill.afterAnswers) {
        nextKill += 1;
        const victim = slots[kill.slot];
        chaos.push(
          (async () => {
            await victim?.kill();
            slots[kill.slot] = await start();
          })(),
        );
      }
    };

    await Promise.all(
      plan.map(async (calls, s) => {
        const ctx = createToolContext({ sessionId: `chaos-${s}` });
        let next = 0;
        const lane = async (): Promise<void> => {
          while (next < calls.length) {
            const call = calls[next++];
            if (!call) break;
            const [result] = await dispatch(
              registry,
              [{ id: call.id, name: call.name, input: { tag: call.tag, sleepMs: call.sleepMs } }],
              { middleware: [remote], ctx },
            );
            const list = answers.get(call.tag) ?? [];
            list.push(result?.output.textContent() ?? "(none)");
            answers.set(call.tag, list);
            onAnswer();
          }
        };
        await Promise.all(Array.from({ length: IN_FLIGHT_PER_SESSION }, lane));
      }),
    );
    await Promise.all(chaos);

    expect(nextKill).toBe(KILLS.length);
    const lines = fx.lines();
    const starts = new Map<string, number>();
    const finishes = new Map<string, number>();
    for (const line of lines) {
      const [word, , tag = ""] = line.split(" ");
      if (word === "start") starts.set(tag, (starts.get(tag) ?? 0) + 1);
      else if (word === "append" || word === "idem")
        finishes.set(line.split(" ")[1] ?? "", (finishes.get(line.split(" ")[1] ?? "") ?? 0) + 1);
    }
    let died = 0;
    for (const calls of plan) {
      for (const call of calls) {
        const got = answers.get(call.tag) ?? [];
        expect(got, call.tag).toHaveLength(1);
        const text = got[0] ?? "";
        const prefix = call.name === "Append" ? "append" : "idem";
        if (text.startsWith(`Tool '${call.name}' did not finish`)) {
          died += 1;
          // The worker died after claiming it: the tool may not even have started (checked below: never twice).
        } else {
          expect(text, call.tag).toMatch(new RegExp(`^${prefix} ${call.tag} by \\d+$`));
          expect(finishes.get(call.tag) ?? 0, call.tag).toBeGreaterThanOrEqual(1);
        }
        if (call.name === "Append") {
          expect(starts.get(call.tag) ?? 0, call.tag).toBeLessThanOrEqual(1);
          expect(finishes.get(call.tag) ?? 0, call.tag).toBeLessThanOrEqual(1);
        }
      }
    }
    expect(answers.size).toBe(SESSIONS * CALLS_PER_SESSION);
    // Four kills with up to 8 calls each in flight: a bounded number of "died" answers.
    expect(died).toBeLessThanOrEqual(KILLS.length * 8);
  }, 120_000);
});
