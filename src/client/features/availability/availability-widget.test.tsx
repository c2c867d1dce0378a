import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { Toaster } from "@/ui/toaster";
import { AvailabilityWidget } from "./availability-widget";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderWidget(props: { readOnly?: boolean; initialDate?: string } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AvailabilityWidget userId={3} {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
}

it("a failed save shows 'Error' / 'Failed to save your availability'", async () => {
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
    init?.method === "POST" ? new Response("nope", { status: 500 }) : json([]),
  );
  vi.stubGlobal("fetch", fetchMock);
  renderWidget({ initialDate: "2030-05-14" });
  const user = userEvent.setup();
  const save = screen.getByRole("button", { name: "Save Availability" });
  expect(save).toBeDisabled();
  await user.click(await screen.findByRole("button", { name: /Morning 9am-12pm/ }));
  expect(save).toBeEnabled();
  await user.click(save);
  expect(await screen.findByText("Failed to save your availability")).toBeInTheDocument();
  const body = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === "POST")?.[1]?.body));
  // The public API's shape: the day as an ISO timestamp at local midnight, the slots as a JSON string.
  expect(body).toEqual({
    userId: 3,
    date: expect.stringMatching(/^2030-05-14T00:00:00(Z|[+-]\d\d:\d\d)$/),
    timeslots: '["morning"]',
  });
});

it("read-only mode shows the saved slots, blocks toggling and has no Save", async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json([{ id: 1, userId: 3, date: "2030-05-14", timeslots: ["night"] }])),
  );
  renderWidget({ readOnly: true, initialDate: "2030-05-14" });
  const night = await screen.findByRole("button", { name: /Night 9pm-12am/ });
  expect(night).toHaveAttribute("aria-pressed", "true");
  await userEvent.click(night);
  expect(night).toHaveAttribute("aria-pressed", "true");
  const morning = screen.getByRole("button", { name: /Morning 9am-12pm/ });
  await userEvent.click(morning);
  expect(morning).toHaveAttribute("aria-pressed", "false");
  expect(screen.queryByRole("button", { name: "Save Availability" })).not.toBeInTheDocument();
  expect(screen.getAllByRole("button", { name: /, 20\d\d$/ })).toHaveLength(42);
});

it("past days cannot be picked or saved; today and later can", async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json([])),
  );
  vi.useFakeTimers({ now: new Date(2030, 4, 15, 10), toFake: ["Date"] });
  try {
    renderWidget();
    expect(screen.getByRole("button", { name: "Tuesday, May 14, 2030" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Wednesday, May 1, 2030" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Wednesday, May 15, 2030" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Thursday, May 16, 2030" })).toBeEnabled();
  } finally {
    vi.useRealTimers();
  }
});

it("a past day opened directly cannot be saved", async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json([])),
  );
  renderWidget({ initialDate: "2020-05-14" });
  await userEvent.click(await screen.findByRole("button", { name: /Morning 9am-12pm/ }));
  expect(screen.getByRole("button", { name: "Save Availability" })).toBeDisabled();
});
