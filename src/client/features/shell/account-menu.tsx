import { LogOutIcon, SettingsIcon, UserIcon } from "lucide-react";
import { useLocation } from "wouter";
import { useAuth } from "@/features/auth";
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
export function AccountMenu() {
  const { user, logoutMutation } = useAuth();
  const [, navigate] = useLocation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <AccountButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        {user && (
          <>
            <DropdownMenuLabel className="grid gap-0.5">
              <span className="truncate">{user.fullName}</span>
              <span className="truncate text-xs font-normal text-muted-foreground">@{user.username}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem onSelect={() => navigate("/profile")}>
          <UserIcon aria-hidden />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate("/settings")}>
          <SettingsIcon aria-hidden />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={logoutMutation.isPending}
          onSelect={() => logoutMutation.mutate(undefined, { onSuccess: () => navigate("/auth") })}
        >
          <LogOutIcon aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
