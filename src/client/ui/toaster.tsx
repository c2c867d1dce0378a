import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "@contract/limits";
import { UI_TEXTS } from "@contract/shell-texts";
import { useLanguage, useTexts } from "@/lib/i18n";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";
import { useToast } from "./use-toast";

/** 5000 ms per toast, swipe right past 50 px to dismiss, F8 focuses the area. */
export function Toaster() {
  const { toasts } = useToast();
  // Toward the screen's edge the text ends at: right in English, left in Arabic.
  const { dir } = useLanguage();
  const t = useTexts(UI_TEXTS);
  return (
    <ToastProvider
      label={t("notification")}
      duration={TOAST_DURATION_MS}
      swipeDirection={dir === "rtl" ? "left" : "right"}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} data-testid="toast" {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport label={t("notificationsRegion", { key: "F8" })} />
    </ToastProvider>
  );
}
