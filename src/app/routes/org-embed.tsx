import { PageMeta } from '@/components/seo/page-meta';

export default function Route() {
  return (
    <main className="container py-16">
      <PageMeta title="Book" />
      <h1 className="font-serif text-4xl font-semibold">Book</h1>
    </main>
  );
}
