import { lazy } from "react";
import { whenIdle } from "@/lib/after-load";

const loadRespondDialog = () => import("./respond-dialog");

/**
 * RespondDialog loaded when first rendered, for a screen where it opens only for some events (Discover):
 * the screen paints without Radix Dialog and the hosting form. Render it inside a Suspense boundary.
 */
export const LazyRespondDialog = lazy(() => loadRespondDialog().then((m) => ({ default: m.RespondDialog })));

/** Starts LazyRespondDialog's download once the page is idle, so the first answer does not wait for it. */
export function preloadRespondDialog() {
  whenIdle(() => void loadRespondDialog().catch(() => {}));
}
