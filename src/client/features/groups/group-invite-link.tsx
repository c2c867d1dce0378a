import type { GroupListItem } from "@contract/groups";
import { GROUPS_PAGE_TEXTS } from "@contract/groups-texts";
import { Link2 } from "lucide-react";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { pageOrigin } from "@/lib/page-origin";
import { Button } from "@/ui/button";
import { ShareLink } from "@/ui/share-link";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { useCreateInvite } from "./api";

const inviteLinkFor = (code: string) => `${pageOrigin()}/invite/${code}`;

/** A group's invite link for its admins (every group has one); a group without a live one can make it here. */
export function GroupInviteLink({ group }: { group: Pick<GroupListItem, "id" | "name" | "inviteCode"> }) {
  const create = useCreateInvite(group.id);
  const t = useTexts(GROUPS_PAGE_TEXTS);
  if (group.inviteCode) {
    return (
      <ShareLink
        url={inviteLinkFor(group.inviteCode)}
        label={t("inviteLink")}
        copyLabel={t("copyInviteLink")}
        title={t("joinOn", { name: group.name })}
      />
    );
  }
  return (
    <Button
      variant="outline"
      onClick={() =>
        create.mutate(undefined, {
          onError: (e) =>
            toast({
              title: t("error"),
              description: errorMessage(e) ?? t("linkFailed"),
              variant: "destructive",
            }),
        })
      }
      disabled={create.isPending}
    >
      {create.isPending ? <Spinner /> : <Link2 />} {t("makeLink")}
    </Button>
  );
}
