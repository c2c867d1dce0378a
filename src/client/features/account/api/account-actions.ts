import { EXPORT_FILE_NAME } from "@contract/account";
import type { messageSchema } from "@contract/auth";
import { mutationOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { accountKeys } from "./keys";

// Account control: verify the e-mail, change or reset the password, export one's data, delete the account.
// Each answers a message; the screens add their own toasts and navigation.

export const sendVerificationMutation = () =>
  mutationOptions({ mutationFn: () => api.post<typeof messageSchema>("/api/account/email-verification") });

/** The e-mailed link, spent once: the account's status changes. */
export const confirmEmailMutation = () =>
  mutationOptions({
    mutationFn: (token: string) => api.post<typeof messageSchema>("/api/account/email-verification/confirm", { token }),
    onSuccess: (_answer, _token, _result, { client }) => client.invalidateQueries({ queryKey: accountKeys.status }),
  });

export const changePasswordMutation = () =>
  mutationOptions({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.post<typeof messageSchema>("/api/account/password", body),
  });

export const requestPasswordResetMutation = () =>
  mutationOptions({
    mutationFn: (email: string) => api.post<typeof messageSchema>("/api/account/password-reset/request", { email }),
  });

export const resetPasswordMutation = () =>
  mutationOptions({
    mutationFn: (body: { token: string; newPassword: string }) =>
      api.post<typeof messageSchema>("/api/account/password-reset", body),
  });

export const deleteAccountMutation = () =>
  mutationOptions({
    mutationFn: (password: string) => api.delete<typeof messageSchema>("/api/account", { password }),
  });

/** Downloads GET /api/account/export as a file (the server names it). */
export const exportDataMutation = () =>
  mutationOptions({
    mutationFn: async () => {
      const response = await api.send("GET", "/api/account/export");
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = EXPORT_FILE_NAME;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
