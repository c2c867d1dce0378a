import type { GroupListItem } from "@contract/groups";
import { Link2 } from "lucide-react";
import { errorMessage } from "@/lib/api";
import { Button } from "@/ui/button";
import { ShareLink } from "@/ui/share-link";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { useCreateInvite } from "./api";

const inviteLinkFor = (code: string) => `${window.location.origin}/invite/${code}`;

/** A group's invite link for its admins (every group has one); a group without a live one can make it here. */
export function GroupInviteLink({ group }: { group: Pick<GroupListItem, "id" | "name" | "inviteCode"> }) {
  const create = useCreateInvite(group.id);
  if (group.inviteCode) {
    return <ShareLink url={inviteLinkFor(group.inviteCode)} label="Invite link" title={`Join ${group.name} on Link`} />;
  }
  return (
    <Button
      variant="outline"
      onClick={() =>
        create.mutate(undefined, {
          onError: (e) =>
            toast({ title: "Error", description: errorMessage(e) ?? "Could not make a link", variant: "destructive" }),
        })
      }
      disabled={create.isPending}
    >
      {create.isPending ? <Spinner /> : <Link2 />} Make an invite link
    </Button>
  );
}
