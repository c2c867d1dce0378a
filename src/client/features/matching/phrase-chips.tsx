import { PEOPLE_TO_MEET_TEXTS, PHRASE_MAX, PHRASES_MAX } from "@contract/matching-texts";
import { PlusIcon, XIcon } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";

/**
 * What a person offers or seeks, as chips: typed one at a time (Enter or Add), removed with their ×. Up to
 * PHRASES_MAX, each at most PHRASE_MAX characters; a phrase already there (in any case) is not added twice.
 */
export function PhraseChips({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const t = useTexts(PEOPLE_TO_MEET_TEXTS);
  const [typed, setTyped] = useState("");
  const full = value.length >= PHRASES_MAX;
  const add = () => {
    const phrase = typed.trim();
    if (!phrase || full) return;
    if (!value.some((v) => v.toLocaleLowerCase() === phrase.toLocaleLowerCase())) onChange([...value, phrase]);
    setTyped("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="grid gap-2" aria-labelledby={`${id}-label`}>
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {value.map((phrase) => (
            <li
              key={phrase}
              className="flex max-w-full items-center gap-1 rounded-full bg-secondary py-1 ps-3 pe-1 text-sm text-secondary-foreground"
            >
              <span dir="auto" className="min-w-0 wrap-anywhere">
                {phrase}
              </span>
              <button
                type="button"
                className="flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-background/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={t("removePhrase", { phrase })}
                onClick={() => onChange(value.filter((v) => v !== phrase))}
              >
                <XIcon className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          id={id}
          dir="auto"
          value={typed}
          maxLength={PHRASE_MAX}
          disabled={full}
          placeholder={full ? t("phrasesFull", { max: PHRASES_MAX }) : placeholder}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" className="shrink-0" disabled={full || !typed.trim()} onClick={add}>
          <PlusIcon aria-hidden />
          {t("addPhrase")}
        </Button>
      </div>
    </fieldset>
  );
}
