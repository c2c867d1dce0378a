import { Spinner } from "@/ui/spinner";

/** A centred spinner while the current user (or a screen's code) loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-label="Loading">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
