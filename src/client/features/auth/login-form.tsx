import { type LoginForm as LoginValues, loginFormSchema } from "@contract/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { Button } from "@/ui/button";
import { Form } from "@/ui/form";
import { TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { useAuth } from "./use-auth";

/** Spec 01 §5 login form: the four fields the spec names, all sent to POST /api/login. */
export function LoginForm() {
  const { loginMutation } = useAuth();
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { fullName: "", email: "", username: "", password: "" },
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}>
        <TextField
          control={form.control}
          name="fullName"
          label="Full Name"
          autoComplete="name"
          placeholder="Jane Doe"
        />
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="jane@example.com"
        />
        <TextField
          control={form.control}
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          placeholder="janedoe"
        />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          placeholder="••••••••"
        />
        <Link
          href="/reset-password"
          className="-mt-2 justify-self-end text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          Forgot password?
        </Link>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={loginMutation.isPending}>
          {loginMutation.isPending && <Spinner label="Signing in" />}
          Login
        </Button>
      </form>
    </Form>
  );
}
