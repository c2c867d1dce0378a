import { render } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { useAuth } from "./use-auth";

function Probe() {
  useAuth();
  return null;
}

it("useAuth outside the provider throws", () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  expect(() => render(<Probe />)).toThrow("useAuth must be used within an AuthProvider");
});
