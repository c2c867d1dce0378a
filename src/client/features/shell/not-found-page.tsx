import { AlertCircleIcon } from "lucide-react";
import { Link } from "wouter";
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
          <Link href="/" className="mt-6 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
            Go home
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
