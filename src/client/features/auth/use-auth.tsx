import type { LoginForm, RegisterBody, RegisterResult } from "@contract/auth";
import { PRODUCT_NAME } from "@contract/product";
import { AUTH_TEXTS } from "@contract/shell-texts";
import type { CurrentUser } from "@contract/users";
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect } from "react";
import { useLocation } from "wouter";
import { errorMessage } from "@/lib/api";
import { currentLanguage, isPseudo, setLanguage, text } from "@/lib/i18n";
import { clearOfflineApiCache, keepOffline } from "@/lib/offline-keep";
import { firstNameOf } from "@/lib/utils";
import { toast } from "@/ui/use-toast";
import { currentUserQuery, setSignedIn } from "./api/current-user";
import { loginMutation, logoutMutation, registerMutation } from "./api/session";
import { signOutLocally } from "./sign-out-locally";
import { tooManyAttemptsMessage } from "./too-many-attempts";

type AuthContextValue = {
  user: CurrentUser | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<CurrentUser, Error, LoginForm>;
  registerMutation: UseMutationResult<RegisterResult, Error, RegisterBody>;
  logoutMutation: UseMutationResult<void, Error, void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  // A 401 on the current-user fetch means signed out (null), not an error.
  const { data, error, isLoading } = useQuery(currentUserQuery());

  // Whenever the server says nobody is signed in (session ended elsewhere, or a read that finished after
  // sign-out refilled it), the offline copies of the previous person's reads go. Whoever is signed in is kept on
  // the device as soon as they are known: the app opens offline for them even when the service worker took over
  // after this page read them (the first visit).
  useEffect(() => {
    if (data === null) void clearOfflineApiCache();
    else if (data && navigator.onLine) void keepOffline("account", [{ path: "/api/user", body: data }]);
  }, [data]);

  // A signed-in person reads Link in their account's language, on every device.
  const accountLanguage = data?.language;
  useEffect(() => {
    const shown = currentLanguage().language;
    if (accountLanguage && shown !== accountLanguage && !isPseudo(shown)) void setLanguage(accountLanguage);
  }, [accountLanguage]);

  const login = useMutation({
    ...loginMutation(),
    onSuccess: (user) => {
      setSignedIn(queryClient, user);
      toast({
        title: text(AUTH_TEXTS, "loginSuccessful"),
        description: text(AUTH_TEXTS, "welcomeBackName", { name: firstNameOf(user.fullName) }),
      });
    },
    onError: (err) => {
      toast({
        title: text(AUTH_TEXTS, "loginFailed"),
        description: tooManyAttemptsMessage(err) ?? errorMessage(err) ?? text(AUTH_TEXTS, "invalidLogin"),
        variant: "destructive",
      });
    },
  });

  const register = useMutation({
    ...registerMutation(),
    onSuccess: ({ joinedGroup, ...user }) => {
      // Registered through an invite (which stands in for the access code): the new member lands in the
      // group. Navigating before the user is set keeps the sign-in page from sending them back to the
      // invite first.
      if (joinedGroup) navigate(`/groups?group=${joinedGroup.id}`, { replace: true });
      setSignedIn(queryClient, user);
      toast({
        title: text(AUTH_TEXTS, "registrationSuccessful"),
        description: joinedGroup
          ? text(AUTH_TEXTS, "welcomeJoined", {
              product: PRODUCT_NAME,
              name: firstNameOf(user.fullName),
              group: joinedGroup.name,
            })
          : text(AUTH_TEXTS, "welcomeName", { product: PRODUCT_NAME, name: firstNameOf(user.fullName) }),
      });
    },
    onError: (err) => {
      toast({
        title: text(AUTH_TEXTS, "registrationFailed"),
        description: tooManyAttemptsMessage(err) ?? errorMessage(err) ?? text(AUTH_TEXTS, "couldNotCreate"),
        variant: "destructive",
      });
    },
  });

  const logout = useMutation({
    ...logoutMutation(),
    onSuccess: () => {
      // Nothing of the previous account may stay in memory for the next one, nor queued to send under their session.
      signOutLocally(queryClient);
      toast({ title: text(AUTH_TEXTS, "loggedOut"), description: text(AUTH_TEXTS, "loggedOutText") });
    },
    onError: (err) => {
      toast({
        title: text(AUTH_TEXTS, "logoutFailed"),
        description: errorMessage(err) ?? err.message,
        variant: "destructive",
      });
    },
  });

  return (
    <AuthContext.Provider
      value={{
        user: data ?? null,
        isLoading,
        error: error ?? null,
        loginMutation: login,
        registerMutation: register,
        logoutMutation: logout,
      }}
    >
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth() {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
