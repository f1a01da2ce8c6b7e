import { describe, expect, it } from 'vitest';
import { holdEarlyInput } from './early-input';

function page() {
  const root = document.createElement('div');
  root.innerHTML = '<form><input name="username"><button type="submit">go</button></form>';
  document.body.append(root);
  return { root, form: root.querySelector('form')!, input: root.querySelector('input')! };
}

describe('holdEarlyInput', () => {
  it('keeps a form sent before the first render from the browser and sends it again through the page afterwards', () => {
    const { root, form, input } = page();
    const release = holdEarlyInput(root);
    input.value = 'typed early';
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);

    // the first render attaches the page's handlers
    const seen: string[] = [];
    input.addEventListener('input', () => seen.push(`input ${input.value}`));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      seen.push('submit');
    });
    release();
    expect(seen).toEqual(['input typed early', 'submit']);

    // afterwards the page's own handler alone answers
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(seen).toEqual(['input typed early', 'submit', 'submit']);
    root.remove();
  });

  it('sends nothing when nothing was sent, and announces only the fields that were typed into', () => {
    const { root, form, input } = page();
    const release = holdEarlyInput(root);
    let events = 0;
    input.addEventListener('input', () => events++);
    form.addEventListener('submit', () => events++);
    release();
    expect(events).toBe(0);
    root.remove();
  });
});
