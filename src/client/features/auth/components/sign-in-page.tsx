import { useEffect, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { loginBody, PASSWORD_RULES, registerBody, type LoginBody, type RegisterBody } from "@/contracts/auth";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { LabeledField } from "@/client/components/labeled-field";
import { Form } from "@/client/components/ui/form";
import { Input } from "@/client/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { showIssuesAtFields } from "@/client/lib/api";
import { useRegister, useSignIn } from "../api/sign-in";
import { AccountPageFrame } from "@/client/components/account-page-frame";
import { FailedAlert } from "./failed-alert";
import { ForgotPasswordForm } from "./forgot-password-form";
import { ViewLink } from "./view-link";

const enterApp = () => window.location.assign("/");

/** `focus`: back from the forgot-password form, whose link the focus was on. */
function SignInForm({ focus, onForgot }: { focus: boolean; onForgot(email: string): void }) {
  const signIn = useSignIn();
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: "", password: "" },
  });
  useEffect(() => {
    if (focus) form.setFocus("email");
  }, [focus, form]);
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
        <div className="-mt-1 flex justify-end">
          <ViewLink href="/signin?tab=forgot" onOpen={() => onForgot(form.getValues("email"))}>
            Forgot password?
          </ViewLink>
        </div>
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
    </Form>
  );
}

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

/** The open view: the Sign In tab (or its forgot-password form), or Create Account. */
type View = "sign-in" | "forgot" | "create";
type Tab = Exclude<View, "forgot">;

/**
 * `?tab=create` (the landing page's Get Started) opens Create Account, `?tab=forgot` (a mail's "ask
 * for a new link") the Sign In tab's forgot-password form; anything else Sign In.
 */
const viewInAddress = (): View => {
  const tab = new URLSearchParams(window.location.search).get("tab");
  return tab === "create" || tab === "forgot" ? tab : "sign-in";
};

/** Keeps the open view in the address, so a reload (or a shared link) opens the same one. */
function showViewInAddress(view: View) {
  const url = new URL(window.location.href);
  if (view === "sign-in") url.searchParams.delete("tab");
  else url.searchParams.set("tab", view);
  window.history.replaceState(window.history.state, "", url);
}

/** /signin (and /api/login): sign in, or create an account; either way the app opens on the dashboard. */
export default function SignInPage() {
  const [view, setView] = useState<View>(viewInAddress);
  // What the Sign In form held when "Forgot password?" was chosen: the forgot form starts with it.
  const [email, setEmail] = useState("");
  // The view a link of the other opened takes the focus (the link is gone); a tab keeps it.
  const [linked, setLinked] = useState(false);
  const show = (next: View, byLink = false) => {
    setLinked(byLink);
    setView(next);
    showViewInAddress(next);
  };
  const tab: Tab = view === "forgot" ? "sign-in" : view;
  return (
    <AccountPageFrame>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>Welcome</h1>
          </CardTitle>
          <CardDescription>Sign in to your account, or create one to start a contest.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => show(value as Tab)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="sign-in" onClick={() => view === "forgot" && show("sign-in")}>
                Sign In
              </TabsTrigger>
              <TabsTrigger value="create">Create Account</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in" className="pt-4">
              {view === "forgot" ? (
                <ForgotPasswordForm email={email} focus={linked} onBack={() => show("sign-in", true)} />
              ) : (
                <SignInForm
                  focus={linked}
                  onForgot={(typed) => {
                    setEmail(typed);
                    show("forgot", true);
                  }}
                />
              )}
            </TabsContent>
            <TabsContent value="create" className="pt-4">
              <CreateAccountForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </AccountPageFrame>
  );
}
