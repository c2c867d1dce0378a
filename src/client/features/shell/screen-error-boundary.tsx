import { SHELL_TEXTS } from "@contract/shell-texts";
import { RotateCw } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";

interface State {
  failed: boolean;
}

/**
 * A screen whose code failed to load (a chunk blocked, the network dropped, a deploy removed the
 * old file) or that threw while rendering shows a retry screen instead of a blank page. Retry reloads the page:
 * React.lazy keeps a failed import failed, and a reload also picks up a newer deploy's file names.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Screen failed to load", error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <RetryScreen />;
  }
}

function RetryScreen() {
  const t = useTexts(SHELL_TEXTS);
  return (
    <div role="alert" className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <RotateCw className="size-7" aria-hidden />
      </div>
      <div className="space-y-1">
        <h1 className="text-lg font-semibold">{t("screenFailed")}</h1>
        <p className="text-sm text-muted-foreground">{t("checkConnection")}</p>
      </div>
      <Button type="button" onClick={() => window.location.reload()}>
        {t("retry")}
      </Button>
    </div>
  );
}
