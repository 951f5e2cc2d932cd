/** The part of `@opentelemetry/api` that `trace` reaches for when no tracer is given. */
export interface OtelApi {
  readonly trace: { getTracer(name: string): unknown };
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
