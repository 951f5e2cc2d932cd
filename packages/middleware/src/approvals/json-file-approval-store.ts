import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { dirname, isAbsolute } from "node:path";
import { isJsonObject } from "@toolkit/core";
import { badOption } from "../shared/options.js";
import type { ApprovalGrant, ApprovalStore } from "./approval-store.js";

/** Options for `JsonFileApprovalStore`. */
export interface JsonFileApprovalStoreOptions {
  /** Absolute path of the JSON file; created (with its directory) on the first grant. */
  filePath: string;
}

/**
 * Keeps approvals in a JSON file (`{ "version": 1, "grants": { key: grant } }`,
 * mode 0600). Every change re-reads the file, applies itself and writes a
 * temporary file that is then renamed over the old one, so a crash never
 * leaves a half-written file and grants added by another process survive.
 * Changes from this process are applied one at a time.
 *
 * @example
 * const store = new JsonFileApprovalStore({ filePath: join(homedir(), ".toolkit", "approvals.json") });
 */
export class JsonFileApprovalStore implements ApprovalStore {
  readonly #filePath: string;
  #grants: Map<string, ApprovalGrant> | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: JsonFileApprovalStoreOptions) {
    const filePath = options?.filePath;
    if (typeof filePath !== "string" || !isAbsolute(filePath)) {
      throw badOption("JsonFileApprovalStore", "filePath", "an absolute path", filePath);
    }
    this.#filePath = filePath;
  }

  async get(key: string): Promise<ApprovalGrant | undefined> {
    return (await this.#loaded()).get(key);
  }
  async list(): Promise<ApprovalGrant[]> {
    return [...(await this.#loaded()).values()];
  }
  set(key: string, grant: ApprovalGrant): Promise<void> {
    return this.#change((grants) => {
      grants.set(key, grant);
      return undefined;
    });
  }
  delete(key: string): Promise<boolean> {
    return this.#change((grants) => grants.delete(key));
  }

  async #loaded(): Promise<Map<string, ApprovalGrant>> {
    this.#grants ??= await this.#read();
    return this.#grants;
  }

  #change<T>(apply: (grants: Map<string, ApprovalGrant>) => T): Promise<T> {
    const run = async () => {
      const grants = await this.#read();
      const result = apply(grants);
      await this.#write(grants);
      this.#grants = grants;
      return result;
    };
    const done = this.#queue.then(run, run);
    this.#queue = done.catch(() => {});
    return done;
  }

  async #read(): Promise<Map<string, ApprovalGrant>> {
    let text: string;
    try {
      text = await readFile(this.#filePath, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`JsonFileApprovalStore: ${this.#filePath} is not valid JSON; fix or delete it`, {
        cause: error,
      });
    }
    if (!isJsonObject(parsed) || parsed.version !== 1 || !isJsonObject(parsed.grants)) {
      throw new Error(
        `JsonFileApprovalStore: ${this.#filePath} is not an approvals file (expected { "version": 1, "grants": {...} }); fix or delete it`,
      );
    }
    const grants = new Map<string, ApprovalGrant>();
    for (const [key, value] of Object.entries(parsed.grants)) {
      if (isGrant(value)) grants.set(key, value);
    }
    return grants;
  }

  async #write(grants: Map<string, ApprovalGrant>): Promise<void> {
    await mkdir(dirname(this.#filePath), { recursive: true });
    const temp = `${this.#filePath}.${process.pid}.${randomUUID()}.tmp`;
    const body = `${JSON.stringify({ version: 1, grants: Object.fromEntries(grants) }, null, 2)}\n`;
    try {
      await writeFile(temp, body, { mode: 0o600 });
      await rename(temp, this.#filePath);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
  }
}

function isGrant(value: unknown): value is ApprovalGrant {
  return (
    isJsonObject(value) &&
    typeof value.tool === "string" &&
    typeof value.digest === "string" &&
    (value.scope === "tool" || (value.scope === "call" && typeof value.input === "string")) &&
    typeof value.grantedAt === "string"
  );
}
