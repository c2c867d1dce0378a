import * as React from "react";
import { useLanguage } from "@/lib/i18n";
import { cn } from "@/lib/utils";

// Tabs written here rather than taken from Radix: both first screens (sign-in and the deck) draw a tab list,
// and Radix's tabs bring its collection and roving-focus parts, 6 KB gzip before the page is idle, for what
// the WAI-ARIA tabs pattern needs in a few lines. The markup and attributes are Radix's (role, aria-selected,
// aria-controls, data-state, hidden panels), so styles and tests read them the same.

interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
  dir: "ltr" | "rtl";
}
const TabsContext = React.createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = React.useContext(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const idOf = (baseId: string, part: "trigger" | "content", value: string) => `${baseId}-${part}-${value}`;

type TabsProps = Omit<React.ComponentProps<"div">, "dir" | "defaultValue"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** The direction the arrow keys follow; the app's reading direction unless given. */
  dir?: "ltr" | "rtl";
};

/** Tabs in the direction the app reads (arrow keys follow it), controlled (`value`) or not (`defaultValue`). */
export function Tabs({ value, defaultValue, onValueChange, dir, ...props }: TabsProps) {
  const language = useLanguage();
  const [own, setOwn] = React.useState(defaultValue ?? "");
  const baseId = React.useId();
  const current = value ?? own;
  const state = React.useMemo<TabsState>(
    () => ({
      value: current,
      select: (next) => {
        if (next === current) return;
        if (value === undefined) setOwn(next);
        onValueChange?.(next);
      },
      baseId,
      dir: dir ?? language.dir,
    }),
    [current, value, onValueChange, baseId, dir, language.dir],
  );
  return (
    <TabsContext.Provider value={state}>
      <div dir={state.dir} data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  const { dir } = useTabs("TabsList");
  // Arrow keys move between the tabs (wrapping, mirrored right to left), Home and End to the ends; a tab
  // selects itself when it gets the focus, as Radix's automatic activation does.
  const move = (event: React.KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0 || event.defaultPrevented) return;
    const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const backward = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
    const next =
      event.key === forward
        ? (at + 1) % tabs.length
        : event.key === backward
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    tabs[next].focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        "inline-flex h-10 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground",
        className,
      )}
      onKeyDown={move}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  onFocus,
  ...props
}: React.ComponentProps<"button"> & { value: string }) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, "trigger", value)}
      aria-selected={selected}
      aria-controls={idOf(tabs.baseId, "content", value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      // One tab stop for the list: the selected tab; the arrow keys reach the others.
      tabIndex={selected ? 0 : -1}
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented && !props.disabled) tabs.select(value);
      }}
      {...props}
    />
  );
}

export function TabsContent({ value, className, children, ...props }: React.ComponentProps<"div"> & { value: string }) {
  const tabs = useTabs("TabsContent");
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, "content", value)}
      aria-labelledby={idOf(tabs.baseId, "trigger", value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      hidden={!selected}
      data-slot="tabs-content"
      className={cn("mt-4 outline-none", className)}
      {...props}
    >
      {selected && children}
    </div>
  );
}
