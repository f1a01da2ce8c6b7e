// An unexpected console.error fails the test (epic-stack's habit). A test that expects one calls
// `expectConsoleError()` first.
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

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

// Preact's hooks schedule their after-paint work with requestAnimationFrame and a 35 ms timer as a fallback;
// the timer calls cancelAnimationFrame. A file that ends within those 35 ms (a loaded machine makes it likely)
// tears jsdom's globals down first, and the timer throws "cancelAnimationFrame is not defined" after the file.
// Let such timers run while the environment is still there.
if (typeof window !== 'undefined') afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 60)));
