/**
 * snake_case of a title: `EchoInput` → `echo_input`, `HTTPRequest` →
 * `http_request`, `Fetch page` → `fetch_page`. Accents are dropped, letters and digits kept;
 * every other run of characters becomes one underscore.
 */
export function snakeCase(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}
