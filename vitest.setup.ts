// An unexpected console.error fails the test (epic-stack's habit). A test that expects one calls
// `expectConsoleError()` first.
import { afterEach, beforeEach, vi } from 'vitest';

let allowed = 0;
let calls: unknown[][] = [];
const original = console.error;

export function expectConsoleError(times = 1) {
  allowed += times;
}

beforeEach(() => {
  allowed = 0;
  calls = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const unexpected = calls.slice(allowed);
  if (unexpected.length > 0) {
    original('unexpected console.error:', ...unexpected[0]!);
    throw new Error(`unexpected console.error: ${unexpected.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
