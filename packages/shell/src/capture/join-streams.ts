/**
 * Rendered stdout, then `stderr:` and the rendered stderr when there is any;
 * each part ends with a newline. Empty when both are empty.
 *
 * @example joinStreams({ stdout: "a", stderr: "b\n" }) // "a\nstderr:\nb\n"
 */
export function joinStreams({ stdout, stderr }: { stdout: string; stderr: string }): string {
  let text = withNewline(stdout);
  if (stderr !== "") text += `stderr:\n${withNewline(stderr)}`;
  return text;
}

function withNewline(text: string): string {
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}
