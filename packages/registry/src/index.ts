// Public API of @toolkit/registry: see README.md.
export {};
