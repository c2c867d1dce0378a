import "./styles.css";

// The entry only starts downloads, so they run in parallel: the app (React, router, data layer) and the
// chunks of the screen the address opens on (Discover and the members' shell, or the sign-in page); lazy()
// then finds them loaded. Each import also evaluates in its own task instead of one long one.
const path = window.location.pathname;
if (path === "/") {
  void import("@/features/discover/discover-page");
  void import("@/features/shell/app-shell");
} else if (path.startsWith("/auth")) void import("@/features/auth/auth-page");

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");
void import("./start").then((app) => app.start(root));
