import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (zod and the schema, a large share of a page's script) is fetched on
 * first use rather than with the page, so that a form paints without waiting for it. `preload` starts the fetch early
 * (on the form's first focus); a failed fetch is tried again on the next validation.
 */
export function lazyResolver<T extends FieldValues, C = unknown, O = T>(load: () => Promise<Resolver<T, C, O>>) {
  let pending: Promise<Resolver<T, C, O>> | undefined;
  const get = () =>
    (pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
  const resolver: Resolver<T, C, O> = async (values, context, options) => (await get())(values, context, options);
  return { resolver, preload: () => void get().catch(() => undefined) };
}
