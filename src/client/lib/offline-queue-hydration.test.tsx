import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { expect, it } from "vitest";
import { clearQueue, useQueuedActions } from "./offline-queue";

it("a page drawn on the server with an empty queue is hydrated without a second render", async () => {
  clearQueue();
  let renders = 0;
  function Deck() {
    renders += 1;
    return <p>{`${useQueuedActions(7).length} queued`}</p>;
  }
  const container = document.createElement("div");
  // What the server drew with an empty queue.
  container.innerHTML = "<p>0 queued</p>";
  document.body.append(container);
  renders = 0;
  // A different empty array from the device than the server drew with makes React draw the page again at once,
  // synchronously: on a phone, one long task right after the first paint.
  await act(async () => {
    hydrateRoot(container, <Deck />);
  });
  expect(container.textContent).toBe("0 queued");
  expect(renders).toBe(1);
  container.remove();
});
