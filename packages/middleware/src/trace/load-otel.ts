/** The part of `@opentelemetry/api` that `trace` reaches for when no tracer is given. */
export interface OtelApi {
  readonly trace: { getTracer(name: string): unknown; getTracerProvider?(): unknown };
  /** The API's proxy provider class: its delegate is a no-op provider until an SDK registers one. */
  readonly ProxyTracerProvider?: new () => { getDelegate(): unknown };
}

/**
 * A check, for the API loaded, that tells whether spans would go anywhere:
 * false while no SDK has registered a tracer provider (the API's proxy
 * still delegates to its no-op provider), so `trace` can skip making
 * no-op spans. Without the pieces to tell (another API shape), it says true.
 */
export function spansRecorded(api: OtelApi): () => boolean {
  const ProxyProvider = api.ProxyTracerProvider;
  const getProvider = api.trace.getTracerProvider;
  if (typeof ProxyProvider !== "function" || typeof getProvider !== "function") return () => true;
  let noop: unknown;
  try {
    noop = new ProxyProvider().getDelegate();
  } catch {
    return () => true;
  }
  return () => {
    const provider = getProvider.call(api.trace);
    return !(provider instanceof ProxyProvider) || provider.getDelegate() !== noop;
  };
}

/**
 * Loads `@opentelemetry/api`, an optional peer: `undefined` when it is not
 * installed (a user without OpenTelemetry installs nothing and gets no
 * spans). Any other failure to load it is a real error and is thrown.
 */
export async function loadOtelApi(
  load: () => Promise<OtelApi> = () => import("@opentelemetry/api"),
): Promise<OtelApi | undefined> {
  try {
    return await load();
  } catch (error) {
    if (isModuleNotFound(error)) return undefined;
    throw error;
  }
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}
