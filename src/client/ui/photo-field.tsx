import { UI_TEXTS } from "@contract/shell-texts";
import { ImagePlusIcon, Trash2Icon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { errorMessage } from "@/lib/api";
import { text, useTexts } from "@/lib/i18n";
import { pickAndUploadPhoto } from "@/lib/uploads";
import { cn } from "@/lib/utils";
import { Button } from "./button";
import { Label } from "./label";
import { Spinner } from "./spinner";
import { UploadedImage } from "./uploaded-image";
import { toast } from "./use-toast";

/**
 * A photo chosen on the device and uploaded to Link (re-encoded WebP, metadata stripped), with a
 * preview: the uploaded photo, or `placeholder` until there is one. Used for covers and group photos.
 */
export function PhotoField({
  label,
  changeLabel,
  uploadLabel,
  value,
  onChange,
  placeholder,
  previewClassName = "h-16 w-28",
}: {
  label: string;
  /** The button's whole words, per field ("Change cover"): a label joined into a shared phrase reads wrong in
   * languages that decline or capitalize nouns. */
  changeLabel: string;
  uploadLabel: string;
  value: string | null;
  onChange: (url: string | null) => void;
  placeholder: ReactNode;
  previewClassName?: string;
}) {
  const [uploading, setUploading] = useState(false);
  const t = useTexts(UI_TEXTS);
  const pick = async () => {
    setUploading(true);
    try {
      const url = await pickAndUploadPhoto();
      if (url) onChange(url);
    } catch (error) {
      toast({
        title: text(UI_TEXTS, "error"),
        description: errorMessage(error) ?? text(UI_TEXTS, "photoFailed"),
        variant: "destructive",
      });
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="grid gap-2">
      <Label>{label}</Label>
      <div className="flex items-center gap-3">
        <div
          className={cn("shrink-0 overflow-hidden rounded-lg border border-border", previewClassName)}
          data-testid="photo-preview"
        >
          {value ? <UploadedImage src={value} sizes="112px" className="size-full object-cover" /> : placeholder}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => void pick()} disabled={uploading}>
            {uploading ? <Spinner className="size-4" /> : <ImagePlusIcon aria-hidden />}
            {value ? changeLabel : uploadLabel}
          </Button>
          {value && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              <Trash2Icon aria-hidden />
              {t("remove")}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
