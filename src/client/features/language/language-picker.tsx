import { LANGUAGE_TEXTS } from "@contract/i18n/language-texts";
import { isLanguage, LANGUAGES, type Language } from "@contract/i18n/languages";
import { GlobeIcon } from "lucide-react";
import { useId } from "react";
import { setLanguage, useLanguage, useTexts } from "@/lib/i18n";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select";

/**
 * Switches the language at once, without a reload. Each language is named in its own words (a person who
 * reads only Arabic must find "العربية"). `onChoose` saves a signed-in person's choice to their account.
 */
export function LanguagePicker({ onChoose, className }: { onChoose?: (tag: Language) => void; className?: string }) {
  const t = useTexts(LANGUAGE_TEXTS);
  const { language } = useLanguage();
  const labelId = useId();
  const choose = (tag: string) => {
    if (!isLanguage(tag)) return;
    void setLanguage(tag);
    onChoose?.(tag);
  };
  return (
    <div className={className}>
      <span id={labelId} className="sr-only">
        {t("label")}
      </span>
      <Select value={language === "pseudo" ? "en" : language} onValueChange={choose}>
        <SelectTrigger aria-labelledby={labelId} className="w-auto gap-2" translate="no">
          <GlobeIcon className="size-4 opacity-70" aria-hidden />
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LANGUAGES.map(({ tag, name, dir }) => (
            <SelectItem key={tag} value={tag} lang={tag} dir={dir} translate="no">
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
