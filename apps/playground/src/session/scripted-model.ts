import type { Message } from "@toolkit/loop";
import type { RecordedRequest, ScriptedReply, ScriptStep } from "@toolkit/loop/test";
import { DISCOUNT_PAGE_URL } from "./local-web-site.js";

/** Shown wherever the scripted model is in use, so nobody mistakes it for an LLM. */
export const SCRIPTED_LABEL =
  "SCRIPTED MODEL: a stand-in that plays back pre-written replies (apps/playground/src/session/scripted-model.ts); no LLM is involved";

interface Found {
  file: string;
  buggyLine: string | undefined;
  /** formatPrice's return line, as Read showed it. */
  formatLine: string | undefined;
}

/**
 * The scripted model's replies for the sample task, turn by turn. Each step
 * reads the real tool results it is sent (where Grep found the function, the
 * line Read showed), so the edit it asks for matches the files on disk; it
 * does not reason, it follows this script.
 */
export function sampleScript(): ScriptStep[] {
  const found: Found = { file: "src/discount.js", buggyLine: undefined, formatLine: undefined };
  const text = (request: RecordedRequest) => request.toolResults.map((r) => r.text).join("\n");
  return [
    () => ({
      text: "A few steps: I'll plan them first.",
      toolCalls: [
        {
          name: "Todo",
          input: {
            todos: [
              { content: "Find where discounts are computed", status: "in_progress" },
              { content: "Run the tests and read the failure", status: "pending" },
              { content: "Check the formula and fix it", status: "pending" },
              { content: "Run the tests again", status: "pending" },
            ],
          },
        },
      ],
    }),
    () => ({
      text: "I'll look at the project layout and find where discounts are computed.",
      toolCalls: [
        { name: "Tree", input: {} },
        { name: "Grep", input: { pattern: "export function applyDiscount", output_mode: "content" } },
      ],
    }),
    (request) => {
      const match = /([\w./-]+\.[cm]?[jt]s):\d+:/.exec(text(request));
      if (match?.[1]) found.file = match[1];
      return {
        text: `applyDiscount is defined in ${found.file}. Let me run the tests to see what fails.`,
        toolCalls: [
          {
            name: "Shell",
            input: { command: "node --test --test-reporter=spec", description: "Run the test suite" },
          },
        ],
      };
    },
    () => ({
      text: "Several tests fail on discounted prices. Reading the implementation.",
      toolCalls: [{ name: "Read", input: { file_path: found.file } }],
    }),
    (request) => {
      for (const line of text(request).split("\n")) {
        const code = line.includes("\t") ? line.slice(line.indexOf("\t") + 1) : line;
        if (/return Math\.round\(\(cents \* percent\) \/ 100\);/.test(code)) found.buggyLine = code;
      }
      return {
        text: "Before changing it, let me check the formula for a price after a percentage discount.",
        toolCalls: [
          { name: "WebSearch", input: { query: "price after percentage discount formula", max_results: 2 } },
        ],
      };
    },
    () => ({
      text: "The first result looks like the reference; reading it.",
      toolCalls: [{ name: "WebFetch", input: { url: DISCOUNT_PAGE_URL, max_chars: 4000 } }],
    }),
    () => ({
      toolCalls: [
        {
          name: "Think",
          input: {
            thought:
              "Goal: make the failing tests pass with the smallest change. applyDiscount returns cents * percent / 100, " +
              "which is the amount taken off, not the price after the discount. The search confirms the price is " +
              "cents * (100 - percent) / 100. Options: change the formula in applyDiscount, or subtract in checkoutTotal; " +
              "the tests call applyDiscount directly, so fix applyDiscount. Then rerun the tests.",
          },
        },
      ],
    }),
    (): ScriptedReply => {
      if (found.buggyLine === undefined) {
        return {
          text: `I could not find the line I expected in ${found.file}; I am stopping without changing anything.`,
        };
      }
      return {
        text: "applyDiscount returns the discount instead of the discounted price. Fixing the formula.",
        toolCalls: [
          {
            name: "Edit",
            input: {
              file_path: found.file,
              old_string: found.buggyLine,
              new_string: found.buggyLine.replace("(cents * percent)", "(cents * (100 - percent))"),
            },
          },
        ],
      };
    },
    (request): ScriptedReply => {
      if (!text(request).includes("(100 - percent)")) {
        return { text: `The edit was not applied (${firstLine(text(request))}), so the bug is still there.` };
      }
      return {
        text: "Running the tests again.",
        toolCalls: [
          {
            name: "Shell",
            input: { command: "node --test --test-reporter=spec", description: "Run the test suite" },
          },
        ],
      };
    },
    (request): ScriptedReply => {
      const output = text(request);
      if (/(#|ℹ) fail 0\b/.test(output)) return { text: fixedSummary(found, false) };
      if (!/refunds show the minus sign/.test(output)) {
        return {
          text: `I changed applyDiscount in ${found.file}, but the tests still fail:\n${firstLine(output)}`,
        };
      }
      return {
        text: "The discount tests pass now; one test still fails: formatPrice puts the minus sign of a refund after the dollar sign. Reading it.",
        toolCalls: [{ name: "Read", input: { file_path: "src/format.js" } }],
      };
    },
    (request): ScriptedReply => {
      for (const line of text(request).split("\n")) {
        const code = line.includes("\t") ? line.slice(line.indexOf("\t") + 1) : line;
        if (/return `\$\$\{\(cents \/ 100\)\.toFixed\(2\)\}`;/.test(code)) found.formatLine = code;
      }
      if (found.formatLine === undefined) {
        return { text: "I could not find the line I expected in src/format.js; I am stopping there." };
      }
      const indent = found.formatLine.slice(0, found.formatLine.length - found.formatLine.trimStart().length);
      return {
        text: "Fixing it with a patch: the sign goes first, then the dollar amount of the absolute value.",
        toolCalls: [
          {
            name: "ApplyPatch",
            input: {
              patch: [
                "*** Begin Patch",
                "*** Update File: src/format.js",
                "@@ export function formatPrice(cents) {",
                `-${found.formatLine}`,
                `+${indent}const sign = cents < 0 ? "-" : "";`,
                `+${indent}return \`\${sign}$\${(Math.abs(cents) / 100).toFixed(2)}\`;`,
                "*** End Patch",
              ].join("\n"),
            },
          },
        ],
      };
    },
    (request): ScriptedReply => {
      if (!/^M src\/format\.js$/m.test(text(request))) {
        return {
          text: `The patch was not applied (${firstLine(text(request))}), so formatPrice is still wrong.`,
        };
      }
      return {
        text: "Running the tests again.",
        toolCalls: [
          {
            name: "Shell",
            input: { command: "node --test --test-reporter=spec", description: "Run the test suite" },
          },
        ],
      };
    },
    (request): ScriptedReply => {
      const passed = /(#|ℹ) fail 0\b/.test(text(request));
      return {
        text: passed
          ? fixedSummary(found, true)
          : `I changed applyDiscount in ${found.file} and formatPrice in src/format.js, but the tests still fail:\n${firstLine(text(request))}`,
      };
    },
  ];
}

/** The closing summary of a session whose tests pass. */
function fixedSummary(found: Found, formatToo: boolean): string {
  const discount = `Fixed. applyDiscount in ${found.file} returned the discount amount (cents * percent / 100) instead of the price after it; it now returns cents * (100 - percent) / 100, rounded to whole cents.`;
  const format = formatToo
    ? " formatPrice in src/format.js showed refunds as $-2.50; it now puts the sign first (-$2.50)."
    : "";
  return `${discount}${format} All tests pass.`;
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? "";
}

/**
 * The sample script for a resumed session: the steps already answered are
 * played again, silently, on the tool results the conversation holds (the
 * steps remember what they read), and the rest is returned.
 */
export async function resumedSampleScript(messages: readonly Message[]): Promise<ScriptStep[]> {
  const steps = sampleScript();
  let results: RecordedRequest["toolResults"] = [];
  let played = 0;
  for (const message of messages) {
    if (message.role === "tool") {
      results = message.results.map((r) => ({
        callId: r.callId,
        text: r.parts.map((p) => (p.type === "text" ? p.text : "")).join("\n"),
        isError: r.isError,
      }));
    }
    if (message.role !== "assistant") continue;
    const step = steps[played++];
    if (typeof step === "function") await step(replayed(played, results));
    results = [];
  }
  return steps.slice(played);
}

function replayed(index: number, toolResults: RecordedRequest["toolResults"]): RecordedRequest {
  return {
    dialect: "openai-chat",
    path: "",
    headers: {},
    body: "",
    stream: false,
    json: null,
    index,
    toolNames: [],
    toolResults,
  };
}
