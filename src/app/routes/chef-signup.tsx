import { PageMeta } from '@/components/seo/page-meta';

export default function Route() {
  return (
    <main className="container py-16">
      <PageMeta title="Pop-up Chef Signup" />
      <h1 className="font-serif text-4xl font-semibold">Host a pop-up dinner</h1>
    </main>
  );
}
