import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/** One trusted file: its absolute path and the sha256 of the bytes the user trusted. */
export interface TrustRecord {
  readonly file: string;
  readonly sha256: string;
  readonly trustedAt: string;
}

/** Where the user's trust in project hook files is kept. A record covers one path with one content hash. */
export interface TrustStore {
  isTrusted(file: string, sha256: string): Promise<boolean>;
  trust(file: string, sha256: string): Promise<void>;
  list(): Promise<TrustRecord[]>;
}

/** Trust records in memory (tests, one-off runs). */
export class MemoryTrustStore implements TrustStore {
  readonly #records = new Map<string, TrustRecord>();

  async isTrusted(file: string, sha256: string): Promise<boolean> {
    return this.#records.get(file)?.sha256 === sha256;
  }
  async trust(file: string, sha256: string): Promise<void> {
    this.#records.set(file, { file, sha256, trustedAt: new Date().toISOString() });
  }
  async list(): Promise<TrustRecord[]> {
    return [...this.#records.values()];
  }
}

/**
 * Trust records in a JSON file (e.g. `~/.toolkit/trusted-hooks.json`),
 * written whole to a temporary file and renamed into place, so a crash never
 * leaves half a file. A file that is not Toolkit's trust list is refused,
 * not overwritten.
 */
export class JsonFileTrustStore implements TrustStore {
  readonly path: string;

  constructor(path: string) {
    if (typeof path !== "string" || path === "") {
      throw new TypeError(`JsonFileTrustStore: \`path\` must be a file path, got ${JSON.stringify(path)}`);
    }
    this.path = path;
  }

  async isTrusted(file: string, sha256: string): Promise<boolean> {
    return (await this.#read()).some((r) => r.file === file && r.sha256 === sha256);
  }

  async trust(file: string, sha256: string): Promise<void> {
    const records = (await this.#read()).filter((r) => r.file !== file);
    records.push({ file, sha256, trustedAt: new Date().toISOString() });
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, `${JSON.stringify({ version: 1, trusted: records }, null, 2)}\n`, {
        mode: 0o600,
      });
      await rename(temp, this.path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async list(): Promise<TrustRecord[]> {
    return this.#read();
  }

  async #read(): Promise<TrustRecord[]> {
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new TypeError(`JsonFileTrustStore: ${this.path} is not JSON; fix or remove it`);
    }
    const trusted = (parsed as { version?: unknown; trusted?: unknown } | null)?.trusted;
    if ((parsed as { version?: unknown }).version !== 1 || !Array.isArray(trusted)) {
      throw new TypeError(
        `JsonFileTrustStore: ${this.path} is not a trust list ({ version: 1, trusted: [...] })`,
      );
    }
    return trusted.filter(
      (r): r is TrustRecord =>
        typeof r === "object" && r !== null && typeof r.file === "string" && typeof r.sha256 === "string",
    );
  }
}
