import { SHELL_TEXTS } from "@contract/shell-texts";
import { MoonIcon, SearchIcon, SettingsIcon, SunIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { NotificationBell } from "@/features/notifications";
import { usePageIdle } from "@/lib/after-load";
import { useTexts } from "@/lib/i18n";
import { useTheme } from "@/lib/theme";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { AccountButton } from "./account-button";

// The menu (Radix menu, focus trap, positioning: ~25 KB gz) is no part of the first screen: it loads when the page
// is idle, or when a pointer comes over the avatar; a tap before then opens it once it has loaded.
const AccountMenu = lazy(() => import("./account-menu").then((m) => ({ default: m.AccountMenu })));

/** The search box only records what was typed; there is no app-wide search behind it yet. */
function HeaderSearch() {
  const t = useTexts(SHELL_TEXTS);
  const [, setSubmitted] = useState("");
  const [text, setText] = useState("");
  return (
    <form
      aria-label={t("search")}
      className="relative hidden flex-1 sm:block"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(text);
      }}
    >
      <SearchIcon
        className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={t("search")}
        placeholder={t("search")}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="h-9 rounded-full bg-muted/60 ps-8"
      />
    </form>
  );
}

export function Header() {
  const { resolvedTheme, setTheme } = useTheme();
  const t = useTexts(SHELL_TEXTS);
  const dark = resolvedTheme === "dark";
  const [menu, setMenu] = useState<"later" | "wanted" | "open">("later");
  const menuLoads = usePageIdle() || menu !== "later";

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 pt-[env(safe-area-inset-top)] backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-14 items-center gap-2 px-3">
        {/* The accessible name contains the visible word (axe label-content-name-mismatch): "Link home". */}
        <Link href="/" className="me-auto flex items-center gap-2 rounded-lg pe-1 sm:me-0">
          <span
            aria-hidden
            className="flex size-8 items-center justify-center rounded-lg bg-brand text-sm font-bold text-white shadow-sm"
          >
            L
          </span>
          <span className="text-lg font-bold tracking-tight" translate="no">
            Link
          </span>
          <span className="sr-only">{t("home")}</span>
        </Link>
        <HeaderSearch />
        <div className="flex items-center gap-0.5">
          <Button
            variant="ghost"
            size="icon"
            className="size-9 rounded-full"
            aria-label={dark ? t("lightTheme") : t("darkTheme")}
            onClick={() => setTheme(dark ? "light" : "dark")}
          >
            {dark ? <SunIcon /> : <MoonIcon />}
          </Button>
          <NotificationBell />
          <Button variant="ghost" size="icon" className="size-9 rounded-full" asChild>
            <Link href="/settings" aria-label={t("settings")}>
              <SettingsIcon />
            </Link>
          </Button>
          {!menuLoads ? (
            <AccountButton onPointerEnter={() => setMenu("wanted")} onClick={() => setMenu("open")} />
          ) : (
            // A tap while the menu's code is still on its way opens the menu once it arrives, not never.
            <Suspense fallback={<AccountButton aria-busy onClick={() => setMenu("open")} />}>
              <AccountMenu defaultOpen={menu === "open"} />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
