import { UI_TEXTS } from "@contract/shell-texts";
import * as ToastPrimitives from "@radix-ui/react-toast";
import { cva, type VariantProps } from "class-variance-authority";
import { XIcon } from "lucide-react";
import type * as React from "react";
import { useCallback } from "react";
import { useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";

export const ToastProvider = ToastPrimitives.Provider;

/**
 * Radix's default hotkey is F8. Toasts rise from just above the bottom bar and its raised add
 * button: at the top they covered the search and the filters someone was using, and under the bar they
 * could not be read. A screen with its own buttons there (the deck's Going and Pass) lifts them by
 * --toast-lift; over an open dialog they drop from the top and the dialog moves down below them, so no
 * control of a form lies under one (styles.css, by the stack's height this viewport keeps on the page).
 * The viewport itself lets taps through; only the toast catches them.
 */
export function ToastViewport({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Viewport>) {
  const keepStackHeight = useStackHeight();
  return (
    <ToastPrimitives.Viewport
      ref={keepStackHeight}
      className={cn(
        "toast-viewport pointer-events-none fixed inset-x-0 bottom-[calc(var(--bottom-bar-clearance)+var(--toast-lift,0px)+env(safe-area-inset-bottom))] z-[100] mx-auto flex max-h-[50dvh] w-full max-w-md flex-col-reverse gap-2 px-4 outline-none",
        className,
      )}
      {...props}
    />
  );
}

/** Keeps --toast-stack-height on the page: the toasts' height (0 with none), the room an open dialog leaves them. */
function useStackHeight() {
  return useCallback((viewport: HTMLOListElement | null) => {
    if (!viewport) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty("--toast-stack-height", `${viewport.offsetHeight}px`),
    );
    observer.observe(viewport);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-stack-height");
    };
  }, []);
}

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-xl border p-4 pe-8 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
  {
    variants: {
      variant: {
        default: "border-border bg-background text-foreground",
        destructive: "destructive group border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type ToastProps = React.ComponentProps<typeof ToastPrimitives.Root> & VariantProps<typeof toastVariants>;

export function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitives.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

function ToastAction({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        "inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-border bg-transparent px-3 text-sm font-medium transition-colors hover:bg-secondary focus:ring-2 focus:ring-ring focus:outline-none group-[.destructive]:border-white/40 group-[.destructive]:hover:bg-white/10",
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Close>) {
  const t = useTexts(UI_TEXTS);
  return (
    <ToastPrimitives.Close
      className={cn(
        "absolute end-2 top-2 rounded-md p-1 text-foreground/50 opacity-70 transition-opacity hover:text-foreground hover:opacity-100 focus:opacity-100 focus:ring-2 focus:outline-none group-[.destructive]:text-white/80 group-[.destructive]:hover:text-white",
        className,
      )}
      toast-close=""
      aria-label={t("close")}
      {...props}
    >
      <XIcon className="size-4" />
    </ToastPrimitives.Close>
  );
}

export function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn("text-sm opacity-90", className)} {...props} />;
}

export type ToastActionElement = React.ReactElement<typeof ToastAction>;
