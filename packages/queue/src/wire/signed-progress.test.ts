import { describe, expect, it } from "vitest";
import { queueAuth } from "../shared/queue-auth.js";
import { openAnswer, signAnswer } from "./signed-answer.js";
import { openProgress, signProgress } from "./signed-progress.js";

const auth = queueAuth({ secret: "progress-test-secret-0123456789" }, "test", { warn: () => {} });
const other = queueAuth({ secret: "another-secret-0123456789abcdef" }, "test", { warn: () => {} });

describe("signProgress / openProgress", () => {
  describe("when the message is the worker's", () => {
    it("opens to its job, sequence number and update", () => {
      const message = signProgress(auth, "s:abc:v2", 3, { message: "step 3", output: "a\nb\n" });
      expect(openProgress(auth, message)).toEqual({
        jobId: "s:abc:v2",
        seq: 3,
        update: { message: "step 3", output: "a\nb\n" },
      });
    });
  });

  describe("when the message is forged, altered or moved", () => {
    const genuine = signProgress(auth, "job-1", 1, { message: "ok" });
    it.each([
      ["signed with another secret", signProgress(other, "job-1", 1, { message: "ok" })],
      ["with its update altered", genuine.replace('"ok"', '"rm -rf"')],
      ["moved to another job", genuine.replace("job-1", "job-2")],
      ["with its sequence number changed", genuine.replace("\n1\n", "\n2\n")],
      ["with a sequence number that is not a positive integer", signProgress(auth, "job-1", 0, {})],
      ["cut short", genuine.split("\n").slice(0, 3).join("\n")],
    ])("refuses one %s", (_what, message) => {
      expect(openProgress(auth, message)).toBeUndefined();
    });
  });

  describe("when a progress message is offered as an answer, or an answer as progress", () => {
    it("refuses both: the signatures are bound to their kind", () => {
      const progress = signProgress(auth, "job-1", 1, { message: "done" });
      const [, , signature, json] = progress.split("\n");
      expect(openAnswer(auth, "job-1", `${signature}\n${json}`)).toBeUndefined();
      const answer = signAnswer(auth, "job-1", '{"message":"x"}');
      expect(openProgress(auth, `job-1\n1\n${answer}`)).toBeUndefined();
    });
  });
});
