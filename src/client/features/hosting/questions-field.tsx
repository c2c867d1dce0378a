import type { EventQuestion, QuestionsInput } from "@contract/hosting";
import {
  EVENT_QUESTIONS_MAX,
  GUESTS_PER_PERSON_MAX,
  HOST_TOOLS_TEXTS,
  QUESTION_TEXT_MAX,
} from "@contract/hosting-texts";
import { PlusIcon, XIcon } from "lucide-react";
import { useLanguage, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";

const NEW = "new-";

/** The questions as the API takes them: blank ones dropped, and a question added here sent without its temporary id. */
export function questionsToSave(questions: EventQuestion[]): QuestionsInput {
  return questions
    .filter((q) => q.text.trim())
    .map(({ id, ...q }) => ({ ...(id.startsWith(NEW) ? {} : { id }), ...q, text: q.text.trim() }));
}

/** What the hosts ask the people who go or apply (up to three, each optionally required). */
export function QuestionsField({
  questions,
  onChange,
}: {
  questions: EventQuestion[];
  onChange: (questions: EventQuestion[]) => void;
}) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const setQuestion = (index: number, change: Partial<EventQuestion>) =>
    onChange(questions.map((q, i) => (i === index ? { ...q, ...change } : q)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-xs text-muted-foreground">{t("questionsLegend")}</legend>
      {questions.map((q, i) => (
        <div key={q.id} className="flex items-center gap-2">
          <Input
            aria-label={t("questionNumber", { number: i + 1 })}
            dir="auto"
            value={q.text}
            maxLength={QUESTION_TEXT_MAX}
            onChange={(e) => setQuestion(i, { text: e.target.value })}
          />
          <label className="flex shrink-0 items-center gap-1 text-xs">
            <input
              type="checkbox"
              checked={q.required}
              onChange={(e) => setQuestion(i, { required: e.target.checked })}
            />
            {t("required")}
          </label>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            aria-label={t("removeQuestion", { number: i + 1 })}
            onClick={() => onChange(questions.filter((_, j) => j !== i))}
          >
            <XIcon aria-hidden />
          </Button>
        </div>
      ))}
      {questions.length < EVENT_QUESTIONS_MAX && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() =>
            onChange([...questions, { id: `${NEW}${Date.now().toString(36)}`, text: "", required: false }])
          }
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
