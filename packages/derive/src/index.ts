// Public API of @toolkit/derive: see README.md.
export {};
