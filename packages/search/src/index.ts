// Public API of @toolkit/search: see README.md.
export {};
