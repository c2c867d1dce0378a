import { ACCESS_CODE_LENGTH } from "@contract/limits";
import { AUTH_TEXTS } from "@contract/shell-texts";
import { REGEXP_ONLY_DIGITS } from "input-otp";
import { useState } from "react";
import { useTexts } from "@/lib/i18n";
import { InputOTP, InputOTPGroup, InputOTPSlot } from "@/ui/input-otp";

const half = ACCESS_CODE_LENGTH / 2;
const firstSlots = Array.from({ length: half }, (_, i) => i);
const secondSlots = Array.from({ length: ACCESS_CODE_LENGTH - half }, (_, i) => i + half);

/** Pasted codes often carry spaces or dashes ("12345-67890"); only the digits count. */
function digitsOnly(pasted: string) {
  return pasted.replace(/\D/g, "").slice(0, ACCESS_CODE_LENGTH);
}

/** Whether a field already has the person's typing: a late-loaded input must not take the focus from it. */
function typingElsewhere() {
  const active = document.activeElement;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
}

/**
 * The gate's ten digit boxes, a chunk of their own (`input-otp`): the sign-in screen paints without it and
 * the gate loads it when it opens (preloaded when the page is idle).
 */
export default function AccessCodeInput({
  value,
  onChange,
  onComplete,
  ...described
}: {
  value: string;
  onChange: (code: string) => void;
  onComplete: (code: string) => void;
  /** What the form's FormControl sets: the field's id, whether it is invalid and the message describing it. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const t = useTexts(AUTH_TEXTS);
  const [autoFocus] = useState(() => !typingElsewhere());
  return (
    <InputOTP
      {...described}
      aria-label={t("accessCode")}
      maxLength={ACCESS_CODE_LENGTH}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode="numeric"
      pasteTransformer={digitsOnly}
      value={value}
      onChange={onChange}
      onComplete={onComplete}
      autoFocus={autoFocus}
      containerClassName="w-full justify-center gap-2"
    >
      <InputOTPGroup className="min-w-0 flex-1 justify-end gap-1 sm:gap-1.5">
        {firstSlots.map((index) => (
          <InputOTPSlot key={index} index={index} className="h-12 w-auto max-w-10 min-w-0 flex-1" />
        ))}
      </InputOTPGroup>
      <InputOTPGroup className="min-w-0 flex-1 justify-start gap-1 sm:gap-1.5">
        {secondSlots.map((index) => (
          <InputOTPSlot key={index} index={index} className="h-12 w-auto max-w-10 min-w-0 flex-1" />
        ))}
      </InputOTPGroup>
    </InputOTP>
  );
}
