import { LANGUAGE_TEXTS } from "@contract/i18n/language-texts";
import { isLanguage, LANGUAGES, type Language } from "@contract/i18n/languages";
import { ChevronDownIcon, GlobeIcon } from "lucide-react";
import { setLanguage, spokenLanguage, useLanguage, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/**
 * Switches the language at once, without a reload. Each language is named in its own words (a person who
 * reads only Arabic must find "العربية"). `onChoose` saves a signed-in person's choice to their account.
 * The browser's own select: the phone's native picker, and no menu library on the sign-in screen's budget.
 */
export function LanguagePicker({ onChoose, className }: { onChoose?: (tag: Language) => void; className?: string }) {
  const t = useTexts(LANGUAGE_TEXTS);
  const { language } = useLanguage();
  const choose = (tag: string) => {
    if (!isLanguage(tag)) return;
    void setLanguage(tag);
    onChoose?.(tag);
  };
  return (
    <div className={className}>
      <div className="relative inline-flex items-center">
        <GlobeIcon className="pointer-events-none absolute start-3 size-4 opacity-70" aria-hidden />
        <select
          aria-label={t("label")}
          translate="no"
          value={spokenLanguage(language)}
          onChange={(event) => choose(event.target.value)}
          className={cn(
            "h-10 appearance-none rounded-lg border border-input bg-background ps-9 pe-9 text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40",
          )}
        >
          {LANGUAGES.map(({ tag, name, dir }) => (
            <option key={tag} value={tag} lang={tag} dir={dir}>
              {name}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute end-3 size-4 opacity-60" aria-hidden />
      </div>
    </div>
  );
}
