import { PROFILE_TEXTS } from "@contract/profile-texts";
import { CalendarDaysIcon, PencilIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { EditProfileDialog } from "./edit-profile-dialog";
import { FriendsTab } from "./friends-tab";
import { UserAvatar } from "./user-avatar";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm wrap-anywhere whitespace-pre-line" dir="auto">
        {children}
      </dd>
    </div>
  );
}

/** The signed-in person's own profile (/profile). */
export function ProfilePage() {
  const t = useTexts(PROFILE_TEXTS);
  const { user } = useAuth();
  const [editOpen, setEditOpen] = useState(false);
  if (!user) return null;

  return (
    <section className="grid gap-5 px-4 py-5">
      <header className="flex flex-col items-center gap-2 text-center">
        <UserAvatar user={user} className="size-24 ring-4 ring-primary/15" fallbackClassName="text-3xl" />
        <div className="grid gap-0.5">
          <h1 className="text-2xl font-bold tracking-tight" dir="auto">
            {user.fullName}
          </h1>
          <p className="text-sm text-muted-foreground" dir="auto">
            @{user.username}
          </p>
        </div>
        <Button variant="outline" onClick={() => setEditOpen(true)}>
          <PencilIcon />
          {t("editProfile")}
        </Button>
      </header>

      <Tabs defaultValue="about">
        <TabsList className="w-full">
          <TabsTrigger value="about">{t("about")}</TabsTrigger>
          <TabsTrigger value="availability">{t("availability")}</TabsTrigger>
          <TabsTrigger value="friends">{t("friends")}</TabsTrigger>
        </TabsList>
        <TabsContent value="about">
          <dl className="grid gap-4 rounded-2xl border border-border bg-card p-4">
            <Field label={t("email")}>{user.email}</Field>
            <Field label={t("profession")}>{user.profession || t("notSpecified")}</Field>
            <Field label={t("bio")}>{user.bio || t("noBio")}</Field>
            {user.interests.length > 0 && <Field label={t("interests")}>{user.interests.join(", ")}</Field>}
            {user.skills.length > 0 && <Field label={t("skills")}>{user.skills.join(", ")}</Field>}
            {user.careerPath && <Field label={t("careerPath")}>{user.careerPath}</Field>}
          </dl>
        </TabsContent>
        <TabsContent value="availability">
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card p-6 text-center">
            <CalendarDaysIcon className="size-8 text-primary" aria-hidden />
            <p className="text-sm text-muted-foreground">{t("availabilityHint")}</p>
            <Button asChild>
              <Link href="/availability">{t("goToAvailability")}</Link>
            </Button>
          </div>
        </TabsContent>
        <TabsContent value="friends">
          <FriendsTab userId={user.id} />
        </TabsContent>
      </Tabs>
      <EditProfileDialog user={user} open={editOpen} onOpenChange={setEditOpen} />
    </section>
  );
}
