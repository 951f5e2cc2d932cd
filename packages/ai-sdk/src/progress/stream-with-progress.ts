/**
 * Runs `start` and yields what it reports through `report`, in order, as it
 * arrives, then the value `start` resolves to (last). A rejection of `start`
 * is thrown after the reports that came before it.
 */
export async function* streamWithProgress<P, T>(
  start: (report: (update: P) => void) => Promise<T>,
): AsyncGenerator<P | T, void, undefined> {
  const pending: P[] = [];
  let wake: (() => void) | undefined;
  let settled = false;
  const done = start((update) => {
    pending.push(update);
    wake?.();
  });
  done.then(
    () => {
      settled = true;
      wake?.();
    },
    () => {
      settled = true;
      wake?.();
    },
  );
  for (;;) {
    while (pending.length > 0) yield pending.shift() as P;
    if (settled) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    wake = undefined;
  }
  yield await done;
}
