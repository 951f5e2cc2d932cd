/** The note the loop sends when a reply could not be used. Model-facing: pinned by tests. */
export function recoveryNote(reason: "empty"): string {
  switch (reason) {
    case "empty":
      return "Your last reply was empty. Continue with the task, or reply with your final answer as text.";
  }
}
