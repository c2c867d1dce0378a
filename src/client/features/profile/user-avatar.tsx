import { cn, initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";

/** Spec 01 §2: the profile image, else the first letter of the full name, else "U". */
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
