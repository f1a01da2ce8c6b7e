import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, reloadOnceFor } from '@/lib/chunk-reload';
import { whenIdle } from '@/lib/when-idle';
import { cn } from './cn';
import { SELECT_TRIGGER, SelectChevron, type SelectProps } from './select-parts';
import type { SelectImplProps } from './select-impl';

export type { SelectOption, SelectProps } from './select-parts';

type Impl = ComponentType<SelectImplProps>;
let impl: Impl | null = null;
let loading: Promise<Impl> | null = null;
/** Radix's select (with popper, floating-ui, focus scope, scroll lock) loads once, for every select of the site. */
function loadImpl(): Promise<Impl> {
  loading ??= import('./select-impl').then(
    (m) => (impl = m.default),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The keys that open a Radix select from its trigger. */
const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'];

/**
 * A select; put it inside `Field` for a label and error text, or give it an aria-label. Its trigger is
 * drawn at once, as Radix draws it, with the chosen option's label; Radix's code (a fifth of a form
 * page's scripts, and the longest part of its first render) loads once the page is up and idle, and
 * takes the trigger's place on the first intent to use it: a hover, a focus, a touch. A press or an
 * opening key before it has arrived opens the list once it is there (docs/decisions/077).
 */
export function Select(props: SelectProps) {
  const [Loaded, setLoaded] = useState<Impl | null>(null);
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const placeholder = useRef<HTMLButtonElement | null>(null);
  const [focused, setFocused] = useState(false);
  // fetched once the page is idle: the first tap does not wait for the network
  useEffect(() => whenIdle(() => void loadImpl().catch(() => undefined)), []);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const take = (m: Impl) => {
      if (!live) return;
      setFocused(placeholder.current !== null && document.activeElement === placeholder.current);
      setLoaded(() => m);
    };
    if (impl) take(impl);
    else
      loadImpl().then(take, (err: unknown) => {
        // a chunk from an older deploy: reload once (SPEC.md §8); otherwise the trigger stays as it is
        if (isChunkLoadError(err)) reloadOnceFor(err.message);
      });
    return () => {
      live = false;
    };
  }, [wanted]);
  if (Loaded) return <Loaded {...props} defaultOpen={open} focusOnMount={focused} />;
  return (
    <SelectTrigger {...props} nodeRef={placeholder} onIntent={() => setWanted(true)} onOpen={() => (setOpen(true), setWanted(true))} />
  );
}

/** The trigger as Radix renders it while closed: the same element, attributes and text. */
function SelectTrigger({
  value,
  options,
  placeholder,
  disabled,
  name,
  className,
  ref,
  onValueChange: _unused,
  nodeRef,
  onIntent,
  onOpen,
  ...aria
}: SelectProps & { nodeRef: RefObject<HTMLButtonElement | null>; onIntent: () => void; onOpen: () => void }) {
  const { t } = useTranslation();
  const chosen = value === undefined || value === '' ? undefined : options.find((o) => o.value === value);
  const act = (fn: () => void) => (disabled ? undefined : fn);
  const setRef = useCallback(
    (element: HTMLButtonElement | null) => {
      nodeRef.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [nodeRef, ref],
  );
  return (
    <>
      <button
        type="button"
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="none"
        data-state="closed"
        disabled={disabled}
        data-disabled={disabled ? '' : undefined}
        data-placeholder={chosen ? undefined : ''}
        {...aria}
        ref={setRef}
        className={cn(SELECT_TRIGGER, className)}
        onPointerEnter={act(onIntent)}
        onTouchStart={act(onIntent)}
        onFocus={act(onIntent)}
        // as Radix: a mouse opens on press, a touch or a key on click
        onPointerDown={(e: PointerEvent) => {
          if (!disabled && e.button === 0 && !e.ctrlKey && e.pointerType === 'mouse') {
            e.preventDefault();
            onOpen();
          }
        }}
        onClick={(e: MouseEvent<HTMLButtonElement>) => {
          e.currentTarget.focus();
          if (!disabled) onOpen();
        }}
        onKeyDown={(e: KeyboardEvent) => {
          if (!disabled && OPEN_KEYS.includes(e.key)) {
            e.preventDefault();
            onOpen();
          }
        }}
      >
        <span style={{ pointerEvents: 'none' }}>{chosen ? chosen.label : (placeholder ?? t('select.placeholder'))}</span>
        <span aria-hidden="true">
          <SelectChevron />
        </span>
      </button>
      {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
    </>
  );
}
