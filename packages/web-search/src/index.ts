// Public API of @toolkit/web-search: see README.md.
export {};
