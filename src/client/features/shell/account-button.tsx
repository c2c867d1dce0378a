import { SHELL_TEXTS } from "@contract/shell-texts";
import type { ComponentProps } from "react";
import { useAuth } from "@/features/auth";
import { useTexts } from "@/lib/i18n";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";

/** The header's avatar button; until the menu's code has loaded it paints alone, in the same place and size. */
export function AccountButton(props: ComponentProps<"button">) {
  const { user } = useAuth();
  const t = useTexts(SHELL_TEXTS);
  return (
    <button
      type="button"
      aria-label={t("accountMenu")}
      className="ms-1 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      {...props}
    >
      <Avatar className="size-8 ring-2 ring-primary/20">
        {user?.profileImage && <AvatarImage src={user.profileImage} alt="" />}
        <AvatarFallback>{initialOf(user?.fullName)}</AvatarFallback>
      </Avatar>
    </button>
  );
}
