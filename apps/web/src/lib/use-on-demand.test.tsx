import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { onDemand, type OnDemand } from './on-demand';
import { useOnDemand } from './use-on-demand';

type Chunk = { Part: () => ReactElement };
const chunkModule: Chunk = { Part: () => <p>the part</p> };

function Host({ chunk }: { chunk: OnDemand<Chunk> }) {
  const loaded = useOnDemand(chunk);
  return loaded ? <loaded.Part /> : <p>waiting</p>;
}

afterEach(cleanup);

describe('onDemand and useOnDemand', () => {
  it('draws a chunk a loader awaited in the first render, asking for it no more', async () => {
    const importChunk = vi.fn(async () => chunkModule);
    const chunk = onDemand(importChunk);
    expect(chunk.loaded()).toBeUndefined();
    await chunk.load();
    render(<Host chunk={chunk} />);
    expect(screen.getByText('the part')).toBeTruthy();
    expect(importChunk).toHaveBeenCalledTimes(1);
  });

  it('asks for a chunk not yet in, and draws it once it arrives', async () => {
    let arrive: (m: Chunk) => void = () => {};
    const chunk = onDemand(() => new Promise<Chunk>((resolve) => (arrive = resolve)));
    render(<Host chunk={chunk} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => arrive(chunkModule));
    expect(screen.getByText('the part')).toBeTruthy();
    expect(chunk.loaded()).toBe(chunkModule);
  });

  it('draws nothing from a chunk that fails (lib/chunk-reload.ts reloads the page)', async () => {
    const chunk = onDemand<Chunk>(() => Promise.reject(new Error('chunk failed')));
    render(<Host chunk={chunk} />);
    await act(async () => {});
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(chunk.loaded()).toBeUndefined();
  });
});
