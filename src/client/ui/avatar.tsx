import { IMAGE_WIDTHS, UPLOAD_URL_PATTERN, uploadVariantUrl } from "@contract/media-urls";
import * as AvatarPrimitive from "@radix-ui/react-avatar";
import type * as React from "react";
import { cn } from "@/lib/utils";

export function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn("relative flex size-9 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

/** An uploaded photo is fetched at its smallest re-encoded width: avatars are never wider than that. */
export function AvatarImage({ className, src, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  const sized = src && UPLOAD_URL_PATTERN.test(src) ? uploadVariantUrl(src, IMAGE_WIDTHS[0]) : src;
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn("aspect-square size-full object-cover", className)}
      src={sized}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary",
        className,
      )}
      {...props}
    />
  );
}
