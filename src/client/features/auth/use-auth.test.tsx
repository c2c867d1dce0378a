import { render } from "@testing-library/react";
import { expect, it } from "vitest";
import { expectConsoleError } from "@/test/console";
import { useAuth } from "./use-auth";

function Probe() {
  useAuth();
  return null;
}

it("useAuth outside the provider throws", () => {
  expectConsoleError(/useAuth must be used within an AuthProvider/);
  expect(() => render(<Probe />)).toThrow("useAuth must be used within an AuthProvider");
});
