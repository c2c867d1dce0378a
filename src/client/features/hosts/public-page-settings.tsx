import { HOST_TEXTS, hostPaths } from "@contract/hosts";
import type { CurrentUser } from "@contract/users";
import { Link } from "wouter";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Label } from "@/ui/label";
import { Switch } from "@/ui/switch";
import { toast } from "@/ui/use-toast";
import { useSetPublicPage } from "./api";

/** Settings › Privacy: whether the person's public page, its calendar and its embed exist (on by default). */
export function PublicPageSettings({ user }: { user: CurrentUser }) {
  const setPublic = useSetPublicPage(user.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy</CardTitle>
        <CardDescription>{HOST_TEXTS.privacyDetail}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="public-page">{HOST_TEXTS.privacyTitle}</Label>
          <Switch
            id="public-page"
            checked={user.publicProfile}
            disabled={setPublic.isPending}
            onCheckedChange={(on) =>
              setPublic.mutate(on, {
                onError: () => toast({ title: "Error", description: "Could not save", variant: "destructive" }),
              })
            }
          />
        </div>
        {user.publicProfile && (
          <Button variant="outline" asChild>
            <Link href={hostPaths(user.username).page}>View your page</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
