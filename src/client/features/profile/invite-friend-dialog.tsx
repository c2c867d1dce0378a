import { type InviteFriendInput, inviteFriendSchema } from "@contract/friends";
import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { errorMessage } from "@/lib/api";
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
  title = "Invite a Friend",
  description = "Send an invitation to join Link by e-mail.",
  link,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
  description?: string;
  link?: ReactNode;
}) {
  const invite = useInviteFriend();
  const form = useForm<InviteFriendInput>({
    resolver: zodResolver(inviteFriendSchema),
    defaultValues: { email: "", name: "" },
  });

  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => {
        toast({ title: "Invitation sent!", description: `We've e-mailed ${values.email}.` });
        form.reset();
        onOpenChange(false);
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: errorMessage(error) ?? "Failed to send invitation",
          variant: "destructive",
        }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {link}
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <TextField
              control={form.control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="friend@example.com"
            />
            <TextField
              control={form.control}
              name="name"
              label="Name"
              autoComplete="name"
              placeholder="Their name (optional)"
            />
            <DialogFooter>
              <Button type="submit" disabled={invite.isPending}>
                {invite.isPending && <Spinner />}
                Send Invitation
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
