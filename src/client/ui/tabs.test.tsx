import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function ThreeTabs({ dir }: { dir?: "ltr" | "rtl" }) {
  return (
    <Tabs defaultValue="social" dir={dir}>
      <TabsList>
        <TabsTrigger value="social">Social</TabsTrigger>
        <TabsTrigger value="networking">Networking</TabsTrigger>
        <TabsTrigger value="groups">Groups</TabsTrigger>
      </TabsList>
      <TabsContent value="social">Social cards</TabsContent>
      <TabsContent value="networking">Networking cards</TabsContent>
      <TabsContent value="groups">Group cards</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });

describe("tabs as a keyboard or screen-reader user meets them", () => {
  it("shows the chosen tab's panel alone, named by its tab; a click chooses another", async () => {
    render(<ThreeTabs />);
    expect(tab("Social")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Social" })).toHaveTextContent("Social cards");
    expect(screen.queryByText("Networking cards")).toBeNull();
    await userEvent.click(tab("Networking"));
    expect(tab("Networking")).toHaveAttribute("aria-selected", "true");
    expect(tab("Social")).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("tabpanel", { name: "Networking" })).toHaveTextContent("Networking cards");
    expect(screen.queryByText("Social cards")).toBeNull();
  });

  it("is one tab stop; the arrow keys move along the tabs, wrapping, and select the one reached", async () => {
    render(<ThreeTabs />);
    await userEvent.tab();
    expect(tab("Social")).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(tab("Networking")).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Networking cards");
    await userEvent.keyboard("{End}");
    expect(tab("Groups")).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowRight}");
    expect(tab("Social")).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(tab("Groups")).toHaveFocus();
    // Tab leaves the list for the panel's content, not the next tab.
    await userEvent.tab();
    expect(tab("Social")).not.toHaveFocus();
    expect(tab("Networking")).not.toHaveFocus();
  });

  it("mirrors the arrow keys when the app reads right to left", async () => {
    render(<ThreeTabs dir="rtl" />);
    await userEvent.tab();
    await userEvent.keyboard("{ArrowLeft}");
    expect(tab("Networking")).toHaveFocus();
    expect(tab("Networking")).toHaveAttribute("aria-selected", "true");
  });
});
