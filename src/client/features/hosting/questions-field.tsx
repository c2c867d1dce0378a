import type { QuestionsInput } from "@contract/hosting";
import {
  EVENT_QUESTIONS_MAX,
  GUESTS_PER_PERSON_MAX,
  HOST_TOOLS_TEXTS,
  QUESTION_TEXT_MAX,
} from "@contract/hosting-texts";
import { PlusIcon, XIcon } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { useLanguage, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { FormControl, FormField, FormItem, FormMessage } from "@/ui/form";
import { Input } from "@/ui/input";

/** A question as the host writes it: one added here has no id until the server gives it one. */
export type QuestionDraft = QuestionsInput[number];

/**
 * What the hosts ask the people who go or apply (up to three, each optionally required): the field array at
 * `name` of the form around it, each question's error said under it. Adding stops at the most an event asks,
 * so the list itself cannot break a rule.
 */
export function QuestionsField({ name }: { name: string }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-xs text-muted-foreground">{t("questionsLegend")}</legend>
      {fields.map((question, i) => (
        <FormField
          key={question.id}
          control={control}
          name={`${name}.${i}.text`}
          render={({ field }) => (
            <FormItem className="gap-1">
              <div className="flex items-center gap-2">
                <FormControl>
                  <Input
                    aria-label={t("questionNumber", { number: i + 1 })}
                    dir="auto"
                    maxLength={QUESTION_TEXT_MAX}
                    {...field}
                  />
                </FormControl>
                <FormField
                  control={control}
                  name={`${name}.${i}.required`}
                  render={({ field: required }) => (
                    <label className="flex shrink-0 items-center gap-1 text-xs">
                      <input
                        type="checkbox"
                        name={required.name}
                        ref={required.ref}
                        checked={required.value}
                        onBlur={required.onBlur}
                        onChange={(e) => required.onChange(e.target.checked)}
                      />
                      {t("required")}
                    </label>
                  )}
                />
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={t("removeQuestion", { number: i + 1 })}
                  onClick={() => remove(i)}
                >
                  <XIcon aria-hidden />
                </Button>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
      ))}
      {fields.length < EVENT_QUESTIONS_MAX && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() => append({ text: "", required: false } satisfies QuestionDraft)}
        >
          <PlusIcon aria-hidden />
          {t("addQuestion")}
        </Button>
      )}
    </fieldset>
  );
}

const selectClass = "h-10 rounded-md border border-input bg-background px-3 text-sm";

/** How many plus-ones one person may bring (None to the maximum). */
export function PlusOnesField({ id, value, onChange }: { id: string; value: number; onChange: (n: number) => void }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const { locale } = useLanguage();
  return (
    <select id={id} className={selectClass} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {Array.from({ length: GUESTS_PER_PERSON_MAX + 1 }, (_, n) => n).map((n) => (
        <option key={`max-${n}`} value={n}>
          {n === 0 ? t("none") : n.toLocaleString(locale)}
        </option>
      ))}
    </select>
  );
}
