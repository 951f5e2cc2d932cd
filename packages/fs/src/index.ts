// Public API of @toolkit/fs: see README.md.
export {};
