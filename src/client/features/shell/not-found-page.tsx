import { AlertCircleIcon, HomeIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/ui/button";
import { Card, CardContent } from "@/ui/card";

/** Spec 01 §2 / spec 02 §2: the exact texts for any unknown path. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background px-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircleIcon className="size-8 text-destructive" aria-hidden />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          {/* Issue 12.6: a way home from any wrong turn (the gate or sign-in for visitors, Explore for members). */}
          <Button asChild className="mt-6">
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
