import { SHELL_TEXTS } from "@contract/shell-texts";
import { CalendarCheckIcon, CalendarDaysIcon, CompassIcon, PlusIcon, UsersIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "wouter";
import { useTexts } from "@/lib/i18n";
import { native } from "@/lib/native";
import { cn } from "@/lib/utils";

// The dialog (and its form libraries) loads the first time someone taps the add button.
const CreateEventDialog = lazy(() =>
  import("@/features/events/create-event-dialog").then((m) => ({ default: m.CreateEventDialog })),
);

const tabs = [
  { href: "/", label: "explore", icon: CompassIcon },
  { href: "/availability", label: "available", icon: CalendarDaysIcon },
  { href: "/my-events", label: "myEvents", icon: CalendarCheckIcon },
  { href: "/groups", label: "groups", icon: UsersIcon },
] as const;

function TabLink({ href, label, icon: Icon, active }: (typeof tabs)[number] & { active: boolean }) {
  const t = useTexts(SHELL_TEXTS);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      onClick={() => void native.haptic("light")}
      className={cn(
        "flex flex-1 flex-col items-center justify-center gap-1 rounded-xl py-1.5 text-[11px] font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
        active ? "text-primary" : "text-muted-foreground hover:text-foreground",
      )}
    >
      <span
        className={cn(
          "flex h-7 w-12 items-center justify-center rounded-full transition-colors",
          active && "bg-primary/12",
        )}
      >
        <Icon className="size-5" strokeWidth={active ? 2.4 : 2} aria-hidden />
      </span>
      {t(label)}
    </Link>
  );
}

/** Explore, Available, the round add button (Create New Event), My Events, Groups. */
export function BottomNav() {
  const t = useTexts(SHELL_TEXTS);
  const [location] = useLocation();
  const [createOpen, setCreateOpen] = useState(false);
  const isActive = (href: string) =>
    href === "/" ? location === "/" : location === href || location.startsWith(`${href}/`);
  const [left, right] = [tabs.slice(0, 2), tabs.slice(2)];

  return (
    <>
      <nav
        aria-label={t("main")}
        className="fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-md border-t border-border bg-background/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-md supports-[backdrop-filter]:bg-background/75 md:border-x"
      >
        <div className="flex h-16 items-center px-2">
          {left.map((tab) => (
            <TabLink key={tab.href} {...tab} active={isActive(tab.href)} />
          ))}
          <div className="flex flex-1 justify-center">
            <button
              type="button"
              aria-label={t("createEvent")}
              onClick={() => {
                void native.haptic("medium");
                setCreateOpen(true);
              }}
              className="-mt-6 flex size-14 items-center justify-center rounded-full bg-brand text-white shadow-lg shadow-primary/30 ring-4 ring-background transition-transform outline-none hover:scale-105 focus-visible:ring-ring active:scale-95"
              data-testid="create-event"
            >
              <PlusIcon className="size-7" strokeWidth={2.5} aria-hidden />
            </button>
          </div>
          {right.map((tab) => (
            <TabLink key={tab.href} {...tab} active={isActive(tab.href)} />
          ))}
        </div>
      </nav>
      {createOpen && (
        <Suspense fallback={null}>
          <CreateEventDialog open={createOpen} onOpenChange={setCreateOpen} />
        </Suspense>
      )}
    </>
  );
}
