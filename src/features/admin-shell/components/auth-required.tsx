import { Link } from 'react-router-dom';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';

export function AuthRequired() {
  return (
    <main className="container flex min-h-screen items-center justify-center py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <Lock className="h-8 w-8 text-muted-foreground" aria-hidden />
          <h1 className="font-serif text-2xl font-semibold">Authentication Required</h1>
          <CardDescription>Please sign in to access the admin panel</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to={paths.auth.getHref()}>Go to sign in</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
