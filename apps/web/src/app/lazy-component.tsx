import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { reloadForNewBuild } from './reload-page.ts';

/** Any function component (`never` props, so a component with any props fits). */
type Component = (props: never) => ReactNode;

/** A component loaded on first use (its own chunk): a screen, or a dialog's content; `preload()` loads it ahead. */
export type LazyComponent<C extends Component> = C & { preload: () => Promise<C> };

/**
 * Issue #13 "fast on a phone": a screen's code (or a dialog's) is fetched when it is first shown, not with the
 * app. Without `fallback` it suspends to the nearest Suspense boundary (the screen area for screens); with one
 * it has its own boundary showing that meanwhile. Once its code is there it renders synchronously: one loaded
 * ahead with `preload()` (the tests do, to render as before) does not suspend, where React.lazy alone would
 * suspend on its first render regardless.
 */
export function lazyComponent<C extends Component>(
  load: () => Promise<C>,
  options?: { fallback: ReactNode },
): LazyComponent<C> {
  let loaded: C | undefined;
  let loading: Promise<C> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        // The page reloads: stay suspended (fallback shown) instead of failing the screen meanwhile.
        if (reloadForNewBuild()) return new Promise<C>(() => {});
        throw error;
      },
    );
    return loading;
  };
  type Props = Record<string, unknown>;
  const Lazy = lazy(async () => ({ default: (await preload()) as unknown as ComponentType<Props> }));
  function LoadedOrLazy(props: Props) {
    const Loaded = loaded as unknown as ComponentType<Props> | undefined;
    if (Loaded) return <Loaded {...props} />;
    if (!options) return <Lazy {...props} />;
    return (
      <Suspense fallback={options.fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LoadedOrLazy as unknown as C, { preload });
}

/**
 * A dialog (a component with an `opened` prop) whose code is fetched the first time it opens: closed until
 * then, it renders nothing. Once loaded it stays mounted like any dialog, so it closes with its transition.
 */
export function lazyDialog<C extends Component>(load: () => Promise<C>): LazyComponent<C> {
  const Inner = lazyComponent(load, { fallback: null }) as unknown as ComponentType<Record<string, unknown>>;
  let used = false;
  function UntilOpened(props: Record<string, unknown>) {
    if (props.opened) used = true;
    return used ? <Inner {...props} /> : null;
  }
  return Object.assign(UntilOpened as unknown as C, {
    preload: (Inner as unknown as LazyComponent<C>).preload,
  });
}
