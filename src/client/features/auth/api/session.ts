import type { LoginForm, RegisterBody, registerResultSchema } from "@contract/auth";
import type { currentUserSchema } from "@contract/users";
import { mutationOptions } from "@tanstack/react-query";
import { disablePush, pushSupport } from "@/features/settings";
import { api } from "@/lib/api";

// Sign-in, registration and sign-out; the auth provider adds what the person sees and the cache changes.

export const loginMutation = () =>
  mutationOptions({
    mutationFn: (credentials: LoginForm) => api.post<typeof currentUserSchema>("/api/login", credentials),
  });

export const registerMutation = () =>
  mutationOptions({ mutationFn: (body: RegisterBody) => api.post<typeof registerResultSchema>("/api/register", body) });

export const logoutMutation = () =>
  mutationOptions({
    mutationFn: async () => {
      // This device stops receiving the account's pushes. Done first: forgetting the subscription on the server
      // needs the session that the logout ends.
      if (pushSupport(false) === "web") await disablePush().catch(() => undefined);
      await api.send("POST", "/api/logout");
    },
  });
