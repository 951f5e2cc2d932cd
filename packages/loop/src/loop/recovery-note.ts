/** The note the loop sends when a reply could not be used. Model-facing: pinned by tests. */
export function recoveryNote(reason: "empty" | "length"): string {
  switch (reason) {
    case "empty":
      return "Your last reply was empty. Continue with the task, or reply with your final answer as text.";
    case "length":
      return "Your last reply was cut off at the output limit. Continue exactly where it stopped, without repeating what you already wrote.";
  }
}
