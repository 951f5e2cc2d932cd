// Public API of @toolkit/langchain: see README.md.
export {};
