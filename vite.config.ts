import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve("src/client"),
  "@contract": path.resolve("src/contract"),
};

export default defineConfig({
  root: "src/client",
  publicDir: path.resolve("src/client/public"),
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  build: { outDir: path.resolve("dist/client"), emptyOutDir: true },
  server: {
    proxy: { "/api": "http://127.0.0.1:5000", "/ws": { target: "ws://127.0.0.1:5000", ws: true } },
  },
  test: {
    root: ".",
    // A non-UTC zone, so a slip between local and UTC dates fails a test.
    env: { TZ: "America/Los_Angeles" },
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["src/server/**/*.test.ts", "src/contract/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "client",
          environment: "jsdom",
          include: ["src/client/**/*.test.{ts,tsx}"],
          setupFiles: [path.resolve("src/client/test/setup.ts")],
        },
      },
    ],
  },
});
