import { HOST_TEXTS, hostPaths } from "@contract/hosts";
import type { CurrentUser } from "@contract/users";
import { Link } from "wouter";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Label } from "@/ui/label";
import { Switch } from "@/ui/switch";
import { toast } from "@/ui/use-toast";
import { useSetPublicPage } from "./api";

/** Settings › Privacy: whether the person's public page, its calendar and its embed exist (on by default). */
export function PublicPageSettings({ user }: { user: CurrentUser }) {
  const setPublic = useSetPublicPage(user.id);
  const t = useTexts(HOST_TEXTS);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("privacy")}</CardTitle>
        <CardDescription>{t("privacyDetail")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="public-page">{t("privacyTitle")}</Label>
          <Switch
            id="public-page"
            checked={user.publicProfile}
            disabled={setPublic.isPending}
            onCheckedChange={(on) =>
              setPublic.mutate(on, {
                onError: () => toast({ title: t("error"), description: t("saveFailed"), variant: "destructive" }),
              })
            }
          />
        </div>
        {user.publicProfile && (
          <Button variant="outline" asChild>
            <Link href={hostPaths(user.username).page}>{t("viewPage")}</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
