import { SHARE_TEXTS } from "@contract/event-sharing";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as toasts from "@/ui/use-toast";
import { shareEvent } from "./share-event-button";

const event = { id: 42, title: "Rooftop sundowner" };
const link = `${window.location.origin}/events/42`;

function pointer(coarse: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: coarse && query === "(pointer: coarse)" }) as MediaQueryList,
  );
}

/** jsdom has no clipboard: one the test can watch. */
function clipboard() {
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "share");
  Reflect.deleteProperty(navigator, "clipboard");
});

describe("shareEvent", () => {
  it("on a phone opens the share sheet with the event's own address, and copies nothing", async () => {
    pointer(true);
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    const writeText = clipboard();
    await shareEvent(event);
    expect(share).toHaveBeenCalledWith({ title: "Rooftop sundowner", url: link });
    expect(writeText).not.toHaveBeenCalled();
  });

  it("a closed share sheet is a choice: no toast, no copy", async () => {
    pointer(true);
    const share = vi.fn().mockRejectedValue(Object.assign(new Error("closed"), { name: "AbortError" }));
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    const writeText = clipboard();
    const toast = vi.spyOn(toasts, "toast");
    await shareEvent(event);
    expect(share).toHaveBeenCalledOnce();
    expect(toast).not.toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
  });

  it("elsewhere copies the link and says so", async () => {
    pointer(false);
    const writeText = clipboard();
    const toast = vi.spyOn(toasts, "toast");
    await shareEvent(event);
    expect(writeText).toHaveBeenCalledWith(link);
    expect(toast).toHaveBeenCalledWith({ title: SHARE_TEXTS.copied, description: link });
  });
});
