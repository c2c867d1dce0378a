import type { RegisterForm as RegisterValues } from "@contract/auth";
import { REGISTER_PROFILE_DEFAULTS } from "@contract/auth-texts";
import { registrationTimezone } from "@contract/timezone-ids";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Form } from "@/ui/form";
import { TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { useAuth } from "./use-auth";

const resolver = lazyZodResolver<RegisterValues>(() => import("@contract/auth").then((m) => m.registerFormSchema));

const fields = [
  { name: "fullName", label: "Full Name", type: "text", autoComplete: "name", placeholder: "Jane Doe" },
  { name: "username", label: "Username", type: "text", autoComplete: "username", placeholder: "janedoe" },
  { name: "email", label: "Email", type: "email", autoComplete: "email", placeholder: "jane@example.com" },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "new-password",
    placeholder: "At least 6 characters",
  },
  {
    name: "confirmPassword",
    label: "Confirm Password",
    type: "password",
    autoComplete: "new-password",
    placeholder: "Repeat your password",
  },
] as const;

/**
 * The register form; it sends its fields with empty profile defaults. With an invite code the
 * invite is the access grant and the new account joins its group.
 */
export function RegisterForm({ inviteCode }: { inviteCode?: string | null } = {}) {
  const { registerMutation } = useAuth();
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
            label={spec.label}
            type={spec.type}
            autoComplete={spec.autoComplete}
            autoCapitalize={spec.name === "username" ? "none" : undefined}
            placeholder={spec.placeholder}
          />
        ))}
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={registerMutation.isPending}>
          {registerMutation.isPending && <Spinner label="Creating account" />}
          Create Account
        </Button>
      </form>
    </Form>
  );
}
