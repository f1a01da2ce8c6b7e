import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderPageFirst, useShellDrawn } from './shell-after-page';

/** What the app shell does with the hook: the page always, the shell's parts once drawn. */
function Shell() {
  const drawn = useShellDrawn();
  return (
    <>
      <p>the page</p>
      {drawn && <p>the header</p>}
    </>
  );
}

const oneTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(cleanup);

describe('useShellDrawn', () => {
  it('draws the shell with the page when its first render is not a split one (a page drawn over its prerendered copy, a later mount)', () => {
    render(<Shell />);
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.getByText('the header')).toBeTruthy();
  });

  it('inside renderPageFirst, the render commits the page alone and the shell a task later', async () => {
    renderPageFirst(() => render(<Shell />));
    expect(screen.getByText('the page')).toBeTruthy();
    expect(screen.queryByText('the header')).toBeNull();
    await act(oneTask);
    expect(screen.getByText('the header')).toBeTruthy();
  });

  it('continues with scheduler.yield where the browser has it, so that the shell keeps its place ahead of queued tasks', async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    try {
      renderPageFirst(() => render(<Shell />));
      expect(screen.queryByText('the header')).toBeNull();
      await act(async () => {});
      expect(yieldToMain).toHaveBeenCalledTimes(1);
      expect(screen.getByText('the header')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('splits that render only: a shell mounted after it draws everything at once, also when it mounted none', async () => {
    renderPageFirst(() => render(<p>no shell</p>));
    cleanup();
    render(<Shell />);
    expect(screen.getByText('the header')).toBeTruthy();
    renderPageFirst(() => render(<Shell />));
    await act(oneTask);
    cleanup();
    render(<Shell />);
    expect(screen.getByText('the header')).toBeTruthy();
  });
});
