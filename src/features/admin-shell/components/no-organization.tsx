import { Building2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

export function NoOrganization({ email, onSignOut, signingOut }: { email: string; onSignOut(): void; signingOut: boolean }) {
  return (
    <main className="container flex min-h-screen items-center justify-center py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <Building2 className="h-8 w-8 text-muted-foreground" aria-hidden />
          <h1 className="font-serif text-2xl font-semibold">No organization yet</h1>
          <CardDescription>
            You are signed in as {email}, but your account is not a member of any organization. Ask the organization's owner or the SupperHost team to
            add you.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={onSignOut} disabled={signingOut}>
            Sign Out
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
