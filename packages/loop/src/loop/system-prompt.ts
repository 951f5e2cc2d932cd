import { type Tool, toolTraits } from "@toolkit/core";

/**
 * The system prompt for a turn: the loop's own text, then the
 * `systemPrompt()` of each advertised tool in registration order, separated
 * by blank lines. `undefined` when all of it is empty.
 */
export function buildSystemPrompt({
  system,
  tools,
  advertised,
}: {
  system: string | undefined;
  tools: readonly Tool[];
  advertised: ReadonlySet<string>;
}): string | undefined {
  const sections: string[] = [];
  if (system) sections.push(system);
  for (const tool of tools) {
    if (!advertised.has(tool.name)) continue;
    const prompt = toolTraits(tool).systemPrompt;
    if (prompt) sections.push(prompt);
  }
  return sections.length > 0 ? sections.join("\n\n") : undefined;
}
