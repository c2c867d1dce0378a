import type { Language } from "@contract/i18n/languages";
import type { currentUserSchema } from "@contract/users";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { updateCurrentUser } from "@/features/auth";
import { api } from "@/lib/api";
import { forgetKeptPages } from "@/lib/offline-keep";

/** The language Link speaks to this person on every device, in notices and e-mails too. */
const saveLanguageMutation = (userId: number) =>
  mutationOptions({
    mutationFn: (language: Language) => api.patch<typeof currentUserSchema>(`/api/users/${userId}`, { language }),
    onSuccess: (updated, _language, _result, { client }) => {
      updateCurrentUser(client, updated);
      void forgetKeptPages();
    },
  });

export const useSaveLanguage = (userId: number) => useMutation(saveLanguageMutation(userId));
