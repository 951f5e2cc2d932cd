// Public API of @toolkit/openai-agents: see README.md.
export {};
