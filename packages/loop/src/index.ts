// Public API of @toolkit/loop: see README.md.
export {};
