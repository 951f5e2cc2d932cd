/** The task the playground gives the agent unless `--task` says otherwise. */
export const SAMPLE_TASK =
  "The tests of this project fail. Find the bugs, fix each with the smallest change, and run the tests to confirm. " +
  "Check the formula on the web if you are unsure.";

/** The system prompt of every playground session. */
export const SYSTEM_PROMPT = [
  "You are a careful coding agent working in a small project at the workspace root.",
  "Use the tools to look around, read code, change it and run commands.",
  "Keep changes minimal, run the tests after changing code, and finish with a short summary of what you changed.",
].join(" ");
