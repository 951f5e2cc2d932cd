/**
 * Loads a second, distinct instance of a core module, as a process gets when
 * two copies of `@toolkit/core` are installed (a query string makes the test
 * runner evaluate the file again, with classes of its own).
 */
export async function secondCopy<T>(path: "../output/output.js" | "../errors/error.js"): Promise<T> {
  const url = `${path}?second-copy`;
  return (await import(/* @vite-ignore */ url)) as T;
}
