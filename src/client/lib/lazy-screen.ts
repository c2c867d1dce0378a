import { type ComponentType, lazy } from "react";

/** A thenable that calls back at once: React reads its value without suspending. */
// biome-ignore lint/suspicious/noThenProperty: a thenable is the point, React.lazy's protocol.
const settled = <T>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) });

/**
 * A screen's component from its own chunk (React.lazy) that `preload` fetches ahead. Once its code is in, it
 * renders without suspending: a page the server drew is hydrated in one pass, where a part left as the server
 * drew it while its code loaded would be thrown away, and its loading state shown, by the first update reaching it.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Screen = lazy(
    () =>
      (loaded ? settled({ default: loaded }) : preload().then((component) => ({ default: component }))) as Promise<{
        default: ComponentType<P>;
      }>,
  );
  return Object.assign(Screen, { preload });
}
