/** A standing approval, as kept in a store. */
export interface ApprovalGrant {
  /** The tool's name. */
  readonly tool: string;
  /** `toolTraits(tool).descriptorDigest` when granted; a changed descriptor does not match. */
  readonly digest: string;
  /** `"tool"`: every call of the tool; `"call"`: calls with exactly this input. */
  readonly scope: "tool" | "call";
  /** `canonicalJson(input)` for a `"call"` grant. */
  readonly input?: string;
  /** ISO 8601 time of the grant. */
  readonly grantedAt: string;
}

/** Where approvals persist. Keys are opaque strings made by `approvals()`. */
export interface ApprovalStore {
  /** The grant under a key, if any. */
  get(key: string): Promise<ApprovalGrant | undefined>;
  /** Stores a grant under a key (replacing any). */
  set(key: string, grant: ApprovalGrant): Promise<void>;
  /** Removes a grant; true if there was one. */
  delete(key: string): Promise<boolean>;
  /** Every grant, for review screens and for noticing a changed descriptor. */
  list(): Promise<ApprovalGrant[]>;
}

/** Keeps approvals in memory for the life of the process. */
export class MemoryApprovalStore implements ApprovalStore {
  readonly #grants = new Map<string, ApprovalGrant>();

  async get(key: string): Promise<ApprovalGrant | undefined> {
    return this.#grants.get(key);
  }
  async set(key: string, grant: ApprovalGrant): Promise<void> {
    this.#grants.set(key, grant);
  }
  async delete(key: string): Promise<boolean> {
    return this.#grants.delete(key);
  }
  async list(): Promise<ApprovalGrant[]> {
    return [...this.#grants.values()];
  }
}
