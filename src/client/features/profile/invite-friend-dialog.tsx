import { type InviteFriendInput, inviteFriendSchema } from "@contract/friends";
import { FRIENDS_TEXTS } from "@contract/profile-texts";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Form } from "@/ui/form";
import { TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { useInviteFriend } from "./api";

/**
 * Invite a friend by e-mail (required) and name; shared by the profile and the groups page,
 * which puts a group's invite link above the form (`link`) and names the dialog after what it invites to.
 */
export function InviteFriendDialog({
  open,
  onOpenChange,
  title,
  description,
  link,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  description?: string;
  link?: ReactNode;
}) {
  const t = useTexts(FRIENDS_TEXTS);
  const invite = useInviteFriend();
  const form = useForm<InviteFriendInput>({
    resolver: zodResolver(inviteFriendSchema),
    defaultValues: { email: "", name: "" },
  });

  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => {
        toast({ title: t("invitationSent"), description: t("weEmailed", { email: values.email }) });
        form.reset();
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          title: t("error"),
          description: errorMessage(error) ?? t("failedInvite"),
          variant: "destructive",
        }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title ?? t("inviteTitle")}</DialogTitle>
          <DialogDescription>{description ?? t("inviteDescription")}</DialogDescription>
        </DialogHeader>
        {link}
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <TextField
              control={form.control}
              name="email"
              label={t("email")}
              type="email"
              autoComplete="email"
              placeholder={t("emailPlaceholder")}
            />
            <TextField
              control={form.control}
              name="name"
              label={t("name")}
              dir="auto"
              autoComplete="name"
              placeholder={t("namePlaceholder")}
            />
            <DialogFooter>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending && <Spinner />}
                {t("sendInvitation")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
