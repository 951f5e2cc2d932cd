/** One way a thrown value can fight back; `make(text)` builds a fresh one. */
export interface HostileThrown {
  readonly label: string;
  make(text: string): unknown;
}

function throwing(): never {
  throw new Error("hostile");
}

/**
 * Values a tool (or a middleware) might throw that fight back when
 * described: a `message` or `name` getter that throws, a `message` that is
 * not a string, a throwing `toString` or `Symbol.toPrimitive`, a null
 * prototype, a proxy whose every trap throws, a revoked proxy, a symbol.
 * Factories, so that a property-test runner never touches one itself.
 *
 * @example
 * for (const { label, make } of hostileThrownValues()) {
 *   const tool = new FnTool("t", "Throws.", {}, () => { throw make("boom"); });
 *   // dispatch must answer a soft failure, never reject
 * }
 */
export function hostileThrownValues(): readonly HostileThrown[] {
  return [
    {
      label: "revoked proxy",
      make: (text) => {
        const r = Proxy.revocable(new Error(text), {});
        r.revoke();
        return r.proxy;
      },
    },
    {
      label: "proxy whose traps throw",
      make: (text) =>
        new Proxy(new Error(text), {
          get: throwing,
          has: throwing,
          getPrototypeOf: throwing,
          ownKeys: throwing,
          getOwnPropertyDescriptor: throwing,
        }),
    },
    {
      label: "throwing message getter",
      make: (text) => Object.defineProperty(new Error(text), "message", { get: throwing }),
    },
    {
      label: "message that is not a string",
      make: (text) => Object.defineProperty(new Error(text), "message", { value: { text } }),
    },
    {
      label: "throwing name getter",
      make: (text) => Object.defineProperty(new Error(text), "name", { get: throwing }),
    },
    { label: "throwing toString", make: () => ({ toString: throwing, valueOf: throwing }) },
    { label: "throwing Symbol.toPrimitive", make: () => ({ [Symbol.toPrimitive]: throwing }) },
    { label: "null prototype", make: () => Object.create(null) as object },
    { label: "symbol", make: (text) => Symbol(text) },
    { label: "string", make: (text) => text },
    { label: "undefined", make: () => undefined },
  ];
}
