import { PageMeta } from '@/components/seo/page-meta';

export default function Route() {
  return (
    <main className="container py-16">
      <PageMeta title="Magnolia Supper Club" />
      <h1 className="font-serif text-4xl font-semibold">Magnolia Supper Club</h1>
    </main>
  );
}
