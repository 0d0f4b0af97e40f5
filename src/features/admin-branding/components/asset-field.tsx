import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { UploadFolder } from '../lib/upload-rules';
import { FileDrop } from './file-drop';

interface Props {
  label: string;
  folder: UploadFolder;
  value: string;
  error?: string;
  kind: 'image' | 'file';
  uploading: boolean;
  onChange(url: string): void;
  onUpload(file: File): void;
}

/** A link field that can also be filled by uploading a file. */
export function AssetField({ label, folder, value, error, kind, uploading, onChange, onUpload }: Props) {
  return (
    <div className="space-y-3">
      <FormField label={`${label} URL`} error={error}>
        <Input type="url" value={value} onChange={(e) => onChange(e.target.value)} placeholder="https://" />
      </FormField>
      {value && !error ? (
        <div className="flex items-center gap-3">
          {kind === 'image' ? (
            <img src={value} alt={`${label} preview`} className="h-16 w-16 rounded-md border object-cover" />
          ) : (
            <a href={value} target="_blank" rel="noopener noreferrer" className="text-sm underline">
              Open current file
            </a>
          )}
          <Button variant="ghost" size="sm" onClick={() => onChange('')} aria-label={`Remove ${label}`}>
            <X className="h-4 w-4" aria-hidden />
            Remove
          </Button>
        </div>
      ) : null}
      <FileDrop folder={folder} label={`Upload ${label.toLowerCase()}`} busy={uploading} onFiles={(files) => onUpload(files[0])} />
    </div>
  );
}
