import { TIMEZONE_OPTIONS, ZONE_LABEL_TEXTS } from "@contract/timezones";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TimezonePicker } from "./timezone-picker";

describe("TimezonePicker", () => {
  it("names the current zone and lists the spec's ten first, then every other zone", async () => {
    render(<TimezonePicker value="America/Los_Angeles" onChange={() => {}} />);
    const trigger = screen.getByRole("button", { name: /^Timezone: Pacific Time \(PT\)/ });
    expect(trigger).toHaveTextContent(/America\/Los Angeles · UTC-(7|8)/);
    await userEvent.click(trigger);
    const options = within(screen.getByRole("listbox", { name: "Time zones" })).getAllByRole("option");
    expect(options.slice(0, 10).map((o) => o.querySelector("span span")?.textContent)).toEqual(
      TIMEZONE_OPTIONS.map((z) => ZONE_LABEL_TEXTS[z.label]),
    );
    expect(options.length).toBeGreaterThan(300);
    expect(screen.getByRole("option", { name: /Pacific Time \(PT\)/ })).toHaveAttribute("aria-selected", "true");
  });

  it("searches by city, region or offset and picks with the keyboard", async () => {
    const onChange = vi.fn();
    render(<TimezonePicker value="America/New_York" onChange={onChange} />);
    await userEvent.click(screen.getByRole("button", { name: /Timezone:/ }));
    const search = screen.getByRole("combobox", { name: "Search time zones" });
    await userEvent.type(search, "asia kolk");
    const found = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveTextContent("Kolkata");
    expect(found[0]).toHaveTextContent("UTC+5:30");
    await userEvent.keyboard("{Enter}");
    // Older time-zone data lists the zone under its former name; either id is the same zone.
    expect(onChange).toHaveBeenCalledWith(expect.stringMatching(/^Asia\/(Kolkata|Calcutta)$/));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says so when nothing matches, and picks with a click", async () => {
    const onChange = vi.fn();
    render(<TimezonePicker value="America/New_York" onChange={onChange} />);
    await userEvent.click(screen.getByRole("button", { name: /Timezone:/ }));
    await userEvent.type(screen.getByRole("combobox", { name: "Search time zones" }), "Atlantis");
    expect(screen.getByText('No time zone matches "Atlantis"')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole("combobox", { name: "Search time zones" }));
    await userEvent.type(screen.getByRole("combobox", { name: "Search time zones" }), "tokyo");
    await userEvent.click(screen.getByRole("option", { name: /Japan Standard Time/ }));
    expect(onChange).toHaveBeenCalledWith("Asia/Tokyo");
  });
});
