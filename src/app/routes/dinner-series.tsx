import { PageMeta } from '@/components/seo/page-meta';

export default function Route() {
  return (
    <main className="container py-16">
      <PageMeta title="Eat At Home" />
      <h1 className="font-serif text-4xl font-semibold">Eat At Home</h1>
    </main>
  );
}
