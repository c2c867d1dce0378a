import type { LoginForm, RegisterBody, registerResultSchema } from "@contract/auth";
import type { currentUserSchema } from "@contract/users";
import { mutationOptions } from "@tanstack/react-query";
import { disablePush, pushSupport } from "@/features/settings";
import { api } from "@/lib/api";
import { currentLanguage, spokenLanguage } from "@/lib/i18n";

// Sign-in, registration and sign-out; the auth provider adds what the person sees and the cache changes.

export const loginMutation = () =>
  mutationOptions({
    mutationFn: (credentials: LoginForm) => api.post<typeof currentUserSchema>("/api/login", credentials),
  });

export const registerMutation = () =>
  mutationOptions({
    // A new account speaks the language its person chose on the sign-in screen (or their browser's).
    mutationFn: (body: RegisterBody) => {
      const language = currentLanguage().language;
      return api.post<typeof registerResultSchema>("/api/register", {
        ...body,
        language: spokenLanguage(language),
      });
    },
  });

export const logoutMutation = () =>
  mutationOptions({
    mutationFn: async () => {
      // This device stops receiving the account's pushes. Done first: forgetting the subscription on the server
      // needs the session that the logout ends.
      if (pushSupport(false) === "web") await disablePush().catch(() => undefined);
      await api.send("POST", "/api/logout");
    },
  });
