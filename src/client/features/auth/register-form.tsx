import type { RegisterForm as RegisterValues } from "@contract/auth";
import { REGISTER_PROFILE_DEFAULTS } from "@contract/auth-texts";
import { AUTH_TEXTS } from "@contract/shell-texts";
import { registrationTimezone } from "@contract/timezone-ids";
import { useForm } from "react-hook-form";
import { useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Form } from "@/ui/form";
import { TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { useAuth } from "./use-auth";

const resolver = lazyZodResolver<RegisterValues>(() => import("@contract/auth").then((m) => m.registerFormSchema));

const fields = [
  { name: "fullName", label: "fullName", type: "text", autoComplete: "name", placeholder: "fullNamePlaceholder" },
  { name: "username", label: "username", type: "text", autoComplete: "username", placeholder: "usernamePlaceholder" },
  { name: "email", label: "email", type: "email", autoComplete: "email", placeholder: "emailPlaceholder" },
  {
    name: "password",
    label: "password",
    type: "password",
    autoComplete: "new-password",
    placeholder: "passwordPlaceholder",
  },
  {
    name: "confirmPassword",
    label: "confirmPassword",
    type: "password",
    autoComplete: "new-password",
    placeholder: "confirmPasswordPlaceholder",
  },
] as const;

/**
 * The register form; it sends its fields with empty profile defaults. With an invite code the
 * invite is the access grant and the new account joins its group.
 */
export function RegisterForm({ inviteCode }: { inviteCode?: string | null } = {}) {
  const { registerMutation } = useAuth();
  const t = useTexts(AUTH_TEXTS);
  const form = useForm<RegisterValues>({
    resolver,
    defaultValues: { fullName: "", username: "", email: "", password: "", confirmPassword: "" },
  });

  const onSubmit = ({ confirmPassword: _confirm, ...values }: RegisterValues) => {
    registerMutation.mutate({
      ...values,
      ...REGISTER_PROFILE_DEFAULTS,
      // The account starts in the browser's own zone (America/New_York when it has none).
      timezone: registrationTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone),
      ...(inviteCode ? { inviteCode } : {}),
    });
  };

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
        {fields.map((spec) => (
          <TextField
            key={spec.name}
            control={form.control}
            name={spec.name}
            label={t(spec.label)}
            type={spec.type}
            autoComplete={spec.autoComplete}
            autoCapitalize={spec.name === "username" ? "none" : undefined}
            placeholder={t(spec.placeholder)}
          />
        ))}
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={registerMutation.isPending}>
          {registerMutation.isPending && <Spinner label={t("creatingAccount")} />}
          {t("createAccountButton")}
        </Button>
      </form>
    </Form>
  );
}
