/**
 * What a player did on the prerendered page (docs/decisions/020) between the entry script's start and
 * the first render that makes it live: a form sent in that time waits for the render and is sent
 * again then, through the page's own handler (never the browser's own submission, which would reload
 * the page); text typed into the fields before is announced to the page's forms with an `input`
 * event, as if typed now, so that they validate and send what the player sees.
 * Returns the function to call right after that render.
 */
export function holdEarlyInput(root: Element): () => void {
  let held: HTMLFormElement | null = null;
  const onSubmit = (e: Event) => {
    e.preventDefault();
    e.stopImmediatePropagation();
    held = e.target as HTMLFormElement;
  };
  root.addEventListener('submit', onSubmit, true);
  return () => {
    root.removeEventListener('submit', onSubmit, true);
    for (const field of root.querySelectorAll<HTMLInputElement>('form input')) {
      if (field.value !== field.defaultValue) field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (held?.isConnected) held.requestSubmit();
  };
}
