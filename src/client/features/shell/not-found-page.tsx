import { SHELL_TEXTS } from "@contract/shell-texts";
import { HomeIcon, SearchXIcon } from "lucide-react";
import { Link } from "wouter";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";

/** Any unknown path: what happened, in a person's words, and the way home (sign-in for visitors, Explore for members). */
export function NotFoundPage() {
  const t = useTexts(SHELL_TEXTS);
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md">
        <CardContent className="grid justify-items-center gap-3 pt-8 pb-8 text-center">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
            <SearchXIcon className="size-7" aria-hidden />
          </div>
          <h1 className="text-2xl font-bold">{t("notFoundTitle")}</h1>
          <p className="max-w-xs text-sm text-muted-foreground">{t("notFoundText")}</p>
          <Button asChild className="mt-3">
            <Link href="/">
              <HomeIcon aria-hidden />
              {t("goHomeLower")}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
