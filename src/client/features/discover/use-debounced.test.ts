import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDebounced } from "./use-debounced";

describe("useDebounced", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("answers a new value only once it has stopped changing for the whole delay", () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), { initialProps: { value: "" } });
    // Keys 100 ms apart: each restarts the wait, so nothing settles while typing goes on.
    for (const value of ["j", "ja", "jaz", "jazz"]) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(100));
      expect(result.current).toBe("");
    }
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("jazz");
  });
});
