/** A chunk a page asks for only when it shows what the chunk draws (docs/decisions/194). */
export interface OnDemand<T> {
  /** Asks for the chunk (the browser fetches it once); a route's loader awaits it when the page will show it. */
  load(): Promise<T>;
  /** The chunk's module once it is in, else undefined. */
  loaded(): T | undefined;
}

export function onDemand<T>(importChunk: () => Promise<T>): OnDemand<T> {
  let module: T | undefined;
  return {
    load: () => importChunk().then((m) => (module = m)),
    loaded: () => module,
  };
}
