import { UI_TEXTS } from "@contract/shell-texts";
import { Loader2Icon } from "lucide-react";
import type * as React from "react";
import { useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";

export function Spinner({ className, label, ...props }: React.ComponentProps<"svg"> & { label?: string }) {
  const t = useTexts(UI_TEXTS);
  return (
    <Loader2Icon
      role="status"
      aria-label={label ?? t("loading")}
      className={cn("size-4 animate-spin", className)}
      {...props}
    />
  );
}
