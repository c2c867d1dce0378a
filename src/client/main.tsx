import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import "./styles.css";

// The first screen's chunk starts downloading with the entry instead of after React has rendered the
// route (one round trip less before the first card or the sign-in form); lazy() then finds it loaded.
if (window.location.pathname === "/") void import("@/features/discover/discover-page");
else if (window.location.pathname.startsWith("/auth")) void import("@/features/auth/auth-page");

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
