// Public API of @toolkit/middleware: see README.md.
export {};
