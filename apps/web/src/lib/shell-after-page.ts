import { useLayoutEffect, useState } from 'react';

/**
 * The first render of a page drawn afresh (a player's page, after SPEC.md §2's loading screen) commits the
 * page first and the shell's header and bottom bar in a task of their own right after it
 * (docs/decisions/203): on a slow phone one render of everything is a task of 100–200 ms in which a tap
 * waits. A page drawn over its prerendered copy (main.tsx, renderOver) draws its shell at once: the
 * prerendered header is on screen already and must not be taken down.
 */
let split = false;

/** Runs `render` (main.tsx's first render of a page drawn afresh, synchronous on Preact) with the shell split. */
export function renderPageFirst(render: () => void): void {
  split = true;
  try {
    render();
  } finally {
    // a render that mounted no shell (the page of a host with no agency) leaves none to split later
    split = false;
  }
}

/** Whether the shell draws its header and bottom bar: false only in the first render of a split one. */
export function useShellDrawn(): boolean {
  const [drawn, setDrawn] = useState(!split);
  useLayoutEffect(() => {
    if (drawn) return;
    let live = true;
    // a new task that keeps its place ahead of the page's other tasks (scheduler.yield: Chromium 129+,
    // Firefox 142+); elsewhere a zero-delay timer, which may wait behind tasks already queued
    void (window.scheduler?.yield ? window.scheduler.yield() : new Promise((resolve) => setTimeout(resolve))).then(
      () => live && setDrawn(true),
    );
    return () => {
      live = false;
    };
  }, [drawn]);
  return drawn;
}
