import { CalendarDaysIcon, PencilIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
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
          <p className="text-sm text-muted-foreground">@{user.username}</p>
        </div>
        <Button variant="outline" onClick={() => setEditOpen(true)}>
          <PencilIcon />
          Edit Profile
        </Button>
      </header>

      <Tabs defaultValue="about">
        <TabsList className="w-full">
          <TabsTrigger value="about">About</TabsTrigger>
          <TabsTrigger value="availability">Availability</TabsTrigger>
          <TabsTrigger value="friends">Friends</TabsTrigger>
        </TabsList>
        <TabsContent value="about">
          <dl className="grid gap-4 rounded-2xl border border-border bg-card p-4">
            <Field label="Email">{user.email}</Field>
            <Field label="Profession">{user.profession || "Not specified"}</Field>
            <Field label="Bio">{user.bio || "No bio provided."}</Field>
            {user.interests.length > 0 && <Field label="Interests">{user.interests.join(", ")}</Field>}
            {user.skills.length > 0 && <Field label="Skills">{user.skills.join(", ")}</Field>}
            {user.careerPath && <Field label="Career Path">{user.careerPath}</Field>}
          </dl>
        </TabsContent>
        <TabsContent value="availability">
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card p-6 text-center">
            <CalendarDaysIcon className="size-8 text-primary" aria-hidden />
            <p className="text-sm text-muted-foreground">
              Set the days and times you're free to hang out on the availability screen.
            </p>
            <Button asChild>
              <Link href="/availability">Go to Availability</Link>
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
