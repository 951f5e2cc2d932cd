// Public API of @toolkit/ai-sdk: see README.md.
export {};
