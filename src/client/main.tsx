import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadAppShell } from "@/features/shell/protected-route";
import { App } from "./App";
import "./styles.css";

// The first screen's chunks (Discover and the members' shell, or the sign-in page) start downloading with the
// entry instead of after React has rendered the route (one round trip less before the first card or the
// sign-in form); lazy() then finds them loaded.
if (window.location.pathname === "/") {
  void import("@/features/discover/discover-page");
  void loadAppShell();
} else if (window.location.pathname.startsWith("/auth")) void import("@/features/auth/auth-page");

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
