// Unit files that replace a module with vi.mock: each runs in a fresh module graph, in the project `unit-isolated`
// (vitest.config.ts), while the other unit files share their workers' modules; lint refuses vi.mock in any other
// unit file (eslint.config.js). One list for both.
export const MOCKING_UNIT_FILES = ["app/blog/media/image.server.test.ts"];
