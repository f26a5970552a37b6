import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { loginBody, registerBody, type LoginBody, type RegisterBody } from "@/contracts/auth";
import { Logo } from "@/client/components/logo";
import { MAIN_CONTENT_ID, SkipLink } from "@/client/components/skip-link";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { LabeledField } from "@/client/components/labeled-field";
import { Form } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { errorMessage, showIssuesAtFields } from "@/client/lib/api";
import { useRegister, useSignIn } from "../api/sign-in";

const enterApp = () => window.location.assign("/");

function FailedAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle />
      <AlertDescription>{errorMessage(error, fallback)}</AlertDescription>
    </Alert>
  );
}

function SignInForm() {
  const signIn = useSignIn();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: "", password: "" },
  });
  return (
    <Form {...form}>
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit((body) => signIn.mutate(body, { onSuccess: enterApp }))}
      >
        <FailedAlert error={signIn.error} fallback="Could not sign in. Please try again." />
        <LabeledField control={form.control} name="email" label="Email">
          {(field) => <Input type="email" autoComplete="email" {...field} />}
        </LabeledField>
        <LabeledField control={form.control} name="password" label="Password">
          {(field) => <Input type="password" autoComplete="current-password" {...field} />}
        </LabeledField>
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
    </Form>
  );
}

/** Told before any error, and kept by the server (at least 8 characters, none of the commonest). */
const PASSWORD_RULES = "At least 8 characters. Common passwords such as “password1” are refused.";

const registerFields = ["firstName", "lastName", "email", "password"] as const;

function CreateAccountForm() {
  const register = useRegister();
  // A refusal the server tied to a field is shown there, not above the form as well.
  const [shownAtField, setShownAtField] = useState(false);
  const form = useForm<RegisterBody>({
    resolver: zodResolver(registerBody),
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
  });
  const text = (
    name: "firstName" | "lastName" | "email",
    label: string,
    autoComplete: string,
    type = "text",
  ) => (
    <LabeledField control={form.control} name={name} label={label}>
      {(field) => <Input type={type} autoComplete={autoComplete} {...field} />}
    </LabeledField>
  );
  return (
    <Form {...form}>
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit((body) =>
          register.mutate(body, {
            onSuccess: enterApp,
            onError: (error) => setShownAtField(showIssuesAtFields(error, registerFields, form.setError)),
          }),
        )}
      >
        <FailedAlert
          error={shownAtField ? null : register.error}
          fallback="Could not create your account. Please try again."
        />
        <div className="grid grid-cols-2 gap-3">
          {text("firstName", "First name", "given-name")}
          {text("lastName", "Last name", "family-name")}
        </div>
        {text("email", "Email", "email", "email")}
        <LabeledField control={form.control} name="password" label="Password" description={PASSWORD_RULES}>
          {(field) => <Input type="password" autoComplete="new-password" {...field} />}
        </LabeledField>
        <Button type="submit" className="w-full" disabled={register.isPending}>
          {register.isPending ? "Creating account..." : "Create Account"}
        </Button>
      </form>
    </Form>
  );
}

type Tab = "sign-in" | "create";

/** `?tab=create` (the landing page's Get Started) opens Create Account; anything else Sign In. */
const tabInAddress = (): Tab =>
  new URLSearchParams(window.location.search).get("tab") === "create" ? "create" : "sign-in";

/** Keeps the open tab in the address, so a reload (or a shared link) opens the same one. */
function showTabInAddress(tab: Tab) {
  const url = new URL(window.location.href);
  if (tab === "create") url.searchParams.set("tab", "create");
  else url.searchParams.delete("tab");
  window.history.replaceState(window.history.state, "", url);
}

/** /api/login: sign in, or create an account; either way the app opens on the dashboard. */
export default function SignInPage() {
  const [tab, setTab] = useState<Tab>(tabInAddress);
  return (
    <>
      <SkipLink />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-10"
      >
        <div className="w-full max-w-sm space-y-6">
          <a href="/" className="flex items-center justify-center gap-2 text-lg font-semibold">
            <Logo className="size-9" />
            Football Pool
          </a>
          <Card>
            <CardHeader>
              <CardTitle>
                <h1>Welcome</h1>
              </CardTitle>
              <CardDescription>Sign in to your account, or create one to start a contest.</CardDescription>
            </CardHeader>
            <CardContent>
              <Tabs
                value={tab}
                onValueChange={(value) => {
                  setTab(value as Tab);
                  showTabInAddress(value as Tab);
                }}
              >
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="sign-in">Sign In</TabsTrigger>
                  <TabsTrigger value="create">Create Account</TabsTrigger>
                </TabsList>
                <TabsContent value="sign-in" className="pt-4">
                  <SignInForm />
                </TabsContent>
                <TabsContent value="create" className="pt-4">
                  <CreateAccountForm />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
        </div>
      </main>
    </>
  );
}
