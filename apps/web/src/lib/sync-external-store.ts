// `use-sync-external-store/shim` for the build (vite.config.ts): Preact compat has useSyncExternalStore,
// which the shim would use anyway; the alias leaves the shim's fallback for old React out of the bundle.
export { useSyncExternalStore } from 'react';
