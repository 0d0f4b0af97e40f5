import { PageMeta } from '@/components/seo/page-meta';

export default function Route() {
  return (
    <main className="container py-16">
      <PageMeta title="Reservation Confirmation" />
      <h1 className="font-serif text-4xl font-semibold">Reservation Confirmation</h1>
    </main>
  );
}
