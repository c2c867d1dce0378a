import { PRODUCT_NAME } from "@contract/product";
import { CheckCircle2Icon, GiftIcon, SparklesIcon, UsersIcon } from "lucide-react";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";

const benefits = [
  { icon: UsersIcon, title: "Connect & Network", text: "Meet people nearby at social and professional events." },
  { icon: SparklesIcon, title: "AI-Powered Matching", text: "Get events and people picked for your interests." },
  { icon: GiftIcon, title: "Early Access Benefits", text: "Try new features first and help shape the app." },
];

/** The success card after a valid early-access code; "Continue to App" then shows the login/register card. */
export function AccessGranted({ onContinue }: { onContinue: () => void }) {
  return (
    <Card className="w-full overflow-hidden">
      <CardHeader className="items-center px-5 pt-8 text-center sm:px-6">
        <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
          <CheckCircle2Icon className="size-7" aria-hidden />
        </div>
        <CardTitle className="text-2xl">Welcome to {PRODUCT_NAME}</CardTitle>
        <CardDescription>You now have early access to all features</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 px-5 pb-8 sm:px-6">
        <ul className="grid gap-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-3 rounded-xl border border-border bg-muted/40 p-3">
              <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary">
                <Icon className="size-5" aria-hidden />
              </div>
              <div className="grid gap-0.5">
                <p className="text-sm font-semibold">{title}</p>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <Button size="lg" className="w-full" onClick={onContinue}>
          Continue to App
        </Button>
      </CardContent>
    </Card>
  );
}
