// The brand mark on the loading screen must not wait for a font: on a slow
// network the Lao web font arrives late, and a phone without a Lao font would never show a typed ລ.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Logo } from './logo';

describe('Logo', () => {
  it('draws its letter as a path, with no text that needs a font', () => {
    const { container } = render(<Logo />);
    const svg = container.querySelector('svg')!;
    expect(svg.querySelector('text')).toBeNull();
    const letter = [...svg.querySelectorAll('path')].map((p) => p.getAttribute('d') ?? '');
    // one closed outline inside the coin's inner ring (x and y between 5.5 and 34.5)
    expect(letter).toHaveLength(1);
    const numbers = letter[0]!.match(/-?\d+(\.\d+)?/g)!.map(Number);
    expect(letter[0]).toMatch(/^M.*Z$/);
    expect(Math.min(...numbers)).toBeGreaterThan(5.5);
    expect(Math.max(...numbers)).toBeLessThan(34.5);
  });
});
