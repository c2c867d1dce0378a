import { SHELL_TEXTS } from "@contract/shell-texts";
import { useTexts } from "@/lib/i18n";
import { Spinner } from "@/ui/spinner";

/** A centred spinner while the current user (or a screen's code) loads. */
export function PageSpinner() {
  const t = useTexts(SHELL_TEXTS);
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-label={t("loading")}>
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
