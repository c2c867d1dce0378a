import { uploadSrcSet } from "@contract/media-urls";
import type * as React from "react";

/**
 * An image uploaded to Link (`/api/uploads/{id}`), offered in every re-encoded width so the browser
 * fetches the smallest that fills `sizes` at the screen's density.
 */
export function UploadedImage({
  src,
  sizes,
  alt = "",
  ...props
}: React.ComponentProps<"img"> & { src: string; sizes: string }) {
  return (
    <img src={src} srcSet={uploadSrcSet(src)} sizes={sizes} alt={alt} loading="lazy" decoding="async" {...props} />
  );
}
