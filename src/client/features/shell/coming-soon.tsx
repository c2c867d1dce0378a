import { HourglassIcon } from "lucide-react";

/** Body for screens whose issue has not landed yet; the real page replaces it. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="flex flex-col items-center justify-center gap-3 px-6 py-20 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/12 text-primary">
        <HourglassIcon className="size-7" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="max-w-xs text-sm text-muted-foreground">Coming soon</p>
    </section>
  );
}
