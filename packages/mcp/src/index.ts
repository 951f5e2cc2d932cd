// Public API of @toolkit/mcp: see README.md.
export {};
