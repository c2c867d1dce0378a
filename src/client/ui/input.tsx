import type * as React from "react";
import { cn } from "@/lib/utils";

export function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        "flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground file:border-0 file:bg-transparent file:text-sm file:font-medium focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/30 md:text-sm",
        // A date's or time's picker icon sits inside the box: a little less padding keeps it in at a phone's width.
        (type === "date" || type === "time") && "px-2",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A date field beside its time field. The date takes the wider column: at 390 px in a dialog, halves leave the
 * date ~149 px, and Chromium needs ~160 px to show "12/01/2026" with its calendar icon (a time needs ~125).
 */
export function DateTimeRow({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("grid grid-cols-[minmax(0,6fr)_minmax(0,5fr)] gap-3", className)} {...props} />;
}
