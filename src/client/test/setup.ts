import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { failOnUnexpectedConsoleErrors, watchConsoleErrors } from "./console";

// findBy and waitFor wait on what the screen shows; their limit only guards against a hang. A second (the
// default) is too short for a jsdom render of a long list on a 2-core machine shared with another run.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  watchConsoleErrors();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  document.documentElement.className = "";
  // Last, after cleanup: an unmount that logs counts too.
  failOnUnexpectedConsoleErrors();
});

// jsdom lacks these browser APIs that Radix and input-otp touch.
if (typeof window.matchMedia !== "function") {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (typeof window.ResizeObserver === "undefined") {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (typeof document.elementFromPoint !== "function") {
  document.elementFromPoint = () => null;
}
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.scrollIntoView = () => {};
}
