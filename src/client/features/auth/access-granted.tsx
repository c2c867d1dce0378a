import { PRODUCT_NAME } from "@contract/product";
import { AUTH_TEXTS } from "@contract/shell-texts";
import { CheckCircle2Icon, GiftIcon, SparklesIcon, UsersIcon } from "lucide-react";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";

const benefits = [
  { icon: UsersIcon, title: "benefitConnect", text: "benefitConnectText" },
  { icon: SparklesIcon, title: "benefitMatching", text: "benefitMatchingText" },
  { icon: GiftIcon, title: "benefitEarly", text: "benefitEarlyText" },
] as const;

/** The success card after a valid early-access code; "Continue to App" then shows the login/register card. */
export function AccessGranted({ onContinue }: { onContinue: () => void }) {
  const t = useTexts(AUTH_TEXTS);
  return (
    <Card className="w-full overflow-hidden">
      <CardHeader className="items-center px-5 pt-8 text-center sm:px-6">
        <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
          <CheckCircle2Icon className="size-7" aria-hidden />
        </div>
        <CardTitle className="text-2xl">{t("welcomeTo", { product: PRODUCT_NAME })}</CardTitle>
        <CardDescription>{t("earlyAccessNow")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 px-5 pb-8 sm:px-6">
        <ul className="grid gap-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-3 rounded-xl border border-border bg-muted/40 p-3">
              <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary">
                <Icon className="size-5" aria-hidden />
              </div>
              <div className="grid gap-0.5">
                <p className="text-sm font-semibold">{t(title)}</p>
                <p className="text-sm text-muted-foreground">{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
        <Button size="lg" className="w-full" onClick={onContinue}>
          {t("continueToApp")}
        </Button>
      </CardContent>
    </Card>
  );
}
