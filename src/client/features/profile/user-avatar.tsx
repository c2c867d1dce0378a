import { cn, initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";

/** The profile image, else the first letter of the full name, else "U" (a user without a name). */
export function UserAvatar({
  user,
  className,
  fallbackClassName,
}: {
  user: { fullName?: string | null; profileImage?: string | null } | null | undefined;
  className?: string;
  fallbackClassName?: string;
}) {
  return (
    <Avatar className={className}>
      {user?.profileImage && <AvatarImage src={user.profileImage} alt="" />}
      <AvatarFallback className={cn(fallbackClassName)}>{initialOf(user?.fullName)}</AvatarFallback>
    </Avatar>
  );
}
