import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { authMessages, isAlreadyRegistered } from '../messages';
import { CheckEmail } from './check-email';
import { CredentialsForm } from './credentials-form';

function errorCode(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

interface Props {
  initialTab?: 'login' | 'signup';
  /** An address to fill in (a team invitation's), editable. */
  defaultEmail?: string;
  /** The page that asks for a password reset link. */
  forgotPasswordHref: string;
}

/**
 * Login and Sign up tabs. The page redirects to /admin once a session exists; a sign-up that
 * waits for its confirmation ends on a panel that says what happens next.
 */
export function AuthPanel({ initialTab = 'login', defaultEmail, forgotPasswordHref }: Props) {
  const [tab, setTab] = useState<'login' | 'signup'>(initialTab);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const signIn = useSignIn({
    onSuccess: () => toast.success(authMessages.signedIn, { description: authMessages.welcomeBack }),
    onError: (error) => {
      if (isAlreadyRegistered(error.message) || isAlreadyRegistered(errorCode(error))) {
        toast.error(authMessages.accountExists, { description: authMessages.accountExistsDescription });
        return;
      }
      toast.error(authMessages.signInFailed, { description: error.message || authMessages.signInFallback });
    },
  });

  const signUp = useSignUp({
    onSuccess: (data, values) => {
      if (!data.session) setSentTo(values.email.trim());
    },
    onError: (error) => {
      // Only a server that says so itself (GoTrue with confirmations off) gets this answer.
      if (isAlreadyRegistered(error.message) || isAlreadyRegistered(errorCode(error))) {
        toast.error(authMessages.accountExists, { description: authMessages.accountExistsDescription });
        return;
      }
      toast.error(authMessages.signUpFailed, { description: error.message || authMessages.signUpFallback });
    },
  });

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <h2 className="font-serif text-xl font-semibold leading-tight">Staff sign in</h2>
        <CardDescription>Manage your events, reservations and booking page.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(v) => setTab(v as 'login' | 'signup')}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="signup">Sign up</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <CredentialsForm
              mode="signIn"
              pending={signIn.isPending}
              defaultEmail={defaultEmail}
              passwordAction={
                <Link to={forgotPasswordHref} className="font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                  {authMessages.forgotPassword}
                </Link>
              }
              onSubmit={(values) => signIn.mutate(values)}
            />
          </TabsContent>
          <TabsContent value="signup">
            {sentTo !== null ? (
              <CheckEmail email={sentTo} onBack={() => setSentTo(null)} />
            ) : (
              <CredentialsForm mode="signUp" pending={signUp.isPending} defaultEmail={defaultEmail} onSubmit={(values) => signUp.mutate(values)} />
            )}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
