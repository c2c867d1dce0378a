import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/lib/i18n";
import { jsonResponse, mockFetch, renderWithProviders } from "@/test/render";
import { ReportDialog } from "./report-dialog";

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => setLanguage("en"));
});

const reports = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === "/api/reports").map(([, init]) => JSON.parse(String(init?.body)));

describe("ReportDialog", () => {
  it("sends the picked reason and the trimmed details, then closes", async () => {
    const fetchMock = mockFetch((url) =>
      url === "/api/reports" ? jsonResponse(201, { message: "Thanks" }) : jsonResponse(401, {}),
    );
    const onOpenChange = vi.fn();
    renderWithProviders(<ReportDialog open onOpenChange={onOpenChange} targetType="message" targetId={7} />);
    expect(screen.getByRole("button", { name: "Send report" })).toBeDisabled();
    await userEvent.click(screen.getByRole("radio", { name: "Harassment or bullying" }));
    await userEvent.type(screen.getByLabelText("Details (optional)"), "  Keeps mocking  ");
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(reports(fetchMock)).toEqual([
      { targetType: "message", targetId: 7, reason: "harassment", details: "Keeps mocking" },
    ]);
  });

  it("details the server would refuse are marked at the field, kept, and nothing is sent", async () => {
    const fetchMock = mockFetch();
    renderWithProviders(<ReportDialog open onOpenChange={() => {}} targetType="user" targetId={3} />);
    await userEvent.click(screen.getByRole("radio", { name: "Spam" }));
    const details = screen.getByLabelText("Details (optional)");
    await userEvent.click(details);
    await userEvent.paste("bell \u0007 here");
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    // The first check waits for the form's schema, which loads after the dialog paints.
    await waitFor(() => expect(details).toHaveAttribute("aria-invalid", "true"));
    expect(details).toHaveAccessibleDescription("must not contain control characters");
    expect(details).toHaveValue("bell \u0007 here");
    expect(reports(fetchMock)).toEqual([]);
  });

  it("says what is refused in the reader's language", async () => {
    mockFetch();
    await act(() => setLanguage("es"));
    renderWithProviders(<ReportDialog open onOpenChange={() => {}} targetType="event" targetId={3} />);
    await userEvent.click(await screen.findByRole("radio", { name: "Spam" }));
    const details = screen.getByLabelText("Detalles (opcional)");
    await userEvent.click(details);
    await userEvent.paste("bell \u0007 here");
    await userEvent.click(screen.getByRole("button", { name: "Enviar denuncia" }));
    await waitFor(() => expect(details).toHaveAccessibleDescription("no debe contener caracteres de control"));
  });
});
