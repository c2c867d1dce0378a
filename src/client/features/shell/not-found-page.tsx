import { HomeIcon, SearchXIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";

const NOT_FOUND_TEXTS = {
  title: "Page not found",
  text: "There's nothing at this address. The link may be mistyped, or the page may have moved.",
} as const;

/** Any unknown path: what happened, in a person's words, and the way home (sign-in for visitors, Explore for members). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md">
        <CardContent className="grid justify-items-center gap-3 pt-8 pb-8 text-center">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
            <SearchXIcon className="size-7" aria-hidden />
          </div>
          <h1 className="text-2xl font-bold">{NOT_FOUND_TEXTS.title}</h1>
          <p className="max-w-xs text-sm text-muted-foreground">{NOT_FOUND_TEXTS.text}</p>
          <Button asChild className="mt-3">
            <Link href="/">
              <HomeIcon aria-hidden />
              Go home
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
