import { ArrowLeft, ArrowRight, X } from 'lucide-react';
import { IconButton } from '@/components/ui/icon-button';
import { limits } from '@/config/site';
import { FileDrop } from './file-drop';

interface Props {
  value: string[];
  uploading: boolean;
  error?: string;
  onChange(next: string[]): void;
  onUpload(files: File[]): void;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Up to 9 photos; the first is the hero image of the public page. */
export function GalleryEditor({ value, uploading, error, onChange, onUpload }: Props) {
  const remaining = limits.galleryMaxImages - value.length;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">
        Gallery photos{' '}
        <span className="text-muted-foreground">
          ({value.length} / {limits.galleryMaxImages})
        </span>
      </legend>
      {value.length > 0 ? (
        <ol className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6" aria-label="Gallery photos">
          {value.map((url, i) => (
            <li key={`${url}-${i}`} className="space-y-1 rounded-md border p-2">
              <img src={url} alt={`Gallery photo ${i + 1}`} className="aspect-square w-full rounded object-cover" />
              <div className="flex justify-between">
                <IconButton
                  icon={ArrowLeft}
                  size="icon"
                  label={`Move photo ${i + 1} earlier`}
                  disabled={i === 0}
                  onClick={() => onChange(move(value, i, i - 1))}
                />
                <IconButton icon={X} size="icon" label={`Remove photo ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))} />
                <IconButton
                  icon={ArrowRight}
                  size="icon"
                  label={`Move photo ${i + 1} later`}
                  disabled={i === value.length - 1}
                  onClick={() => onChange(move(value, i, i + 1))}
                />
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <FileDrop
        folder="gallery"
        label="Upload gallery photos"
        multiple
        maxFiles={remaining}
        disabled={remaining <= 0}
        busy={uploading}
        onFiles={onUpload}
      />
      {remaining <= 0 ? <p className="text-sm text-muted-foreground">The gallery is full (9 photos). Remove one to add another.</p> : null}
    </fieldset>
  );
}
