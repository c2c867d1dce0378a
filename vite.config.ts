import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { precompiledMessages } from "./src/client/build/precompiled-messages.ts";

const declarationOnlyDirs = [path.resolve("src/contract"), path.resolve("src/client")].map((dir) => dir + path.sep);
const runsOnLoad = new Set(["main.tsx", "sw.ts"].map((file) => path.resolve("src/client", file)));
const declarationsOnly = (id: string) =>
  /\.tsx?$/.test(id) && !runsOnLoad.has(id) && declarationOnlyDirs.some((dir) => id.startsWith(dir));
const alias = {
  "@": path.resolve("src/client"),
  "@contract": path.resolve("src/contract"),
  "#server": path.resolve("src/server"),
  "#contract": path.resolve("src/contract"),
};

export default defineConfig({
  root: "src/client",
  publicDir: path.resolve("src/client/public"),
  plugins: [
    react(),
    tailwindcss(),
    precompiledMessages({
      registry: path.resolve("src/contract/i18n/texts.ts"),
      catalogs: /\/src\/contract\/i18n\/catalogs\/[^/]+\.json$/,
    }),
    // Issue 14.1: installable app. injectManifest builds src/client/sw.ts (our own routes and, later, push
    // handlers) with the precache list injected; the page registers it through virtual:pwa-register/react.
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "Link",
        short_name: "Link",
        description: "Discover social and networking events, find people nearby, plan with your groups.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        background_color: "#0b0d14",
        theme_color: "#0b0d14",
        categories: ["social", "lifestyle"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest,woff2}"],
        // MapLibre (1 MB) is only for servers with MAP_STYLE_URL: fetched when a map is shown, never precached.
        globIgnores: ["**/maplibre-gl-*"],
        // The precache is the app shell and every screen's chunk, so any screen opens offline.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: { alias },
  build: {
    outDir: path.resolve("dist/client"),
    emptyOutDir: true,
    // .vite/manifest.json: which files each screen fetches, for the byte budget npm test holds the build to
    // (scripts/byte-budget.mjs). The server does not serve it.
    manifest: true,
    rolldownOptions: {
      // zod's builders (z.object(...).min(...)) only build values: a contract schema no screen uses is dropped
      // instead of pulling zod into the first screen through a module imported for a constant or a type.
      treeshake: {
        manualPureFunctions: ["z"],
        // The contract's and the client's modules only declare (schemas, constants, components, hooks): what no
        // screen uses is dropped, derived schemas (`eventSchema.extend(...)`) included, which the pure `z` alone
        // cannot tell, and a feature's index re-exporting a dialog does not bring the dialog to every screen
        // that imports a hook from it. The entry and the service worker run code on load; styles are kept.
        moduleSideEffects: (id) => (declarationsOnly(id) ? false : undefined),
      },
      // zod in a chunk of its own: left to the automatic split it shares a chunk with TanStack Query, and every
      // screen that only needs the query layer would download zod with it.
      // Inlining below needs it; the client's chunks export only to each other.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [{ name: "zod", test: /node_modules[\\/]zod[\\/]/ }],
          // Shared modules under 4 KB (an icon, a screen's texts, a small component) go into each screen's chunk
          // instead of a file of their own: Discover fetched 84 files until idle, 45 after. On a phone's
          // connection each file waits its turn (Lighthouse mobile: LCP 4.7 -> 3.6 s on `/`, 3.2 -> 2.7 s on
          // `/auth`), for 3-7 KB more in all.
          experimentalInlineCommonChunks: { maxSize: 4 * 1024 },
        },
      },
    },
  },
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
          include: ["src/server/**/*.test.ts", "src/contract/**/*.test.ts", "scripts/**/*.test.{mjs,ts}"],
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
          // jsdom renders of long lists (every IANA zone) take seconds on a busy 2-core CI machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
