import { SHELL_TEXTS } from "@contract/shell-texts";
import { LogOutIcon, SettingsIcon, UserIcon } from "lucide-react";
import { useLocation } from "wouter";
import { useAuth } from "@/features/auth";
import { useTexts } from "@/lib/i18n";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/ui/dropdown-menu";
import { AccountButton } from "./account-button";

/** The avatar menu: Profile, Settings, Logout. Its own chunk: Radix menu and positioning load after the first paint. */
export function AccountMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { user, logoutMutation } = useAuth();
  const t = useTexts(SHELL_TEXTS);
  const [, navigate] = useLocation();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        {user && (
          <>
            <DropdownMenuLabel className="grid gap-0.5">
              <span className="truncate" dir="auto">
                {user.fullName}
              </span>
              <span className="truncate text-xs font-normal text-muted-foreground" dir="auto">
                @{user.username}
              </span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem onSelect={() => navigate("/profile")}>
          <UserIcon aria-hidden />
          {t("profile")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate("/settings")}>
          <SettingsIcon aria-hidden />
          {t("settings")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={logoutMutation.isPending}
          onSelect={() => logoutMutation.mutate(undefined, { onSuccess: () => navigate("/auth") })}
        >
          <LogOutIcon className="rtl:-scale-x-100" aria-hidden />
          {t("logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
