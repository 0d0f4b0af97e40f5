import { galleryImages } from '../lib/events';
import { hideBrokenImage } from '../lib/images';

export function OrgGallery({ images, brandName }: { images: readonly string[]; brandName: string }) {
  const shown = galleryImages(images);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="gallery-heading" className="container py-12">
      <h2 id="gallery-heading" className="mb-6 text-center font-serif text-3xl font-semibold">
        Gallery
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {shown.map((src, i) => (
          <li key={`${i}-${src}`} className="aspect-square overflow-hidden rounded-lg bg-muted">
            <img
              src={src}
              alt={`${brandName} gallery photo ${i + 1}`}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover transition-transform hover:scale-105"
              onError={hideBrokenImage}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
