// Public API of @toolkit/shell: see README.md.
export {};
