import { useId, useRef, useState, type DragEvent } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { uploadFolders, uploadProblem, type UploadFolder } from '../lib/upload-rules';

interface Props {
  folder: UploadFolder;
  label: string;
  multiple?: boolean;
  /** How many files may still be added (gallery). */
  maxFiles?: number;
  disabled?: boolean;
  busy?: boolean;
  onFiles(files: File[]): void;
}

/**
 * Drag-and-drop or picker. Files over 10 MB or of a type the folder does not take are
 * refused here with lib/upload-rules' message, shown as an alert inside the drop area.
 */
export function FileDrop({ folder, label, multiple, maxFiles, disabled, busy, onFiles }: Props) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const accept = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    let files = Array.from(list);
    if (!multiple) files = files.slice(0, 1);
    if (maxFiles !== undefined && files.length > maxFiles) {
      setProblem(`You can add ${maxFiles} more ${maxFiles === 1 ? 'photo' : 'photos'} (at most 9)`);
      files = files.slice(0, Math.max(0, maxFiles));
    } else {
      setProblem(null);
    }
    const ok: File[] = [];
    for (const file of files) {
      const issue = uploadProblem(file, folder);
      if (issue) setProblem(issue);
      else ok.push(file);
    }
    if (ok.length) onFiles(ok);
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) accept(e.dataTransfer.files);
  };

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid={`drop-${folder}`}
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm transition-colors',
        dragging && 'border-primary bg-muted',
        disabled && 'opacity-60',
      )}
    >
      <Upload className="h-5 w-5 text-muted-foreground" aria-hidden />
      <p className="text-muted-foreground">Drag and drop, or</p>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        className="sr-only"
        aria-label={label}
        accept={uploadFolders[folder].join(',')}
        multiple={multiple}
        disabled={disabled || busy}
        onChange={(e) => {
          accept(e.target.files);
          e.target.value = '';
        }}
      />
      <Button variant="outline" size="sm" disabled={disabled || busy} onClick={() => inputRef.current?.click()}>
        {busy ? 'Uploading…' : label}
      </Button>
      <p className="text-xs text-muted-foreground">{uploadFolders[folder].map((t) => t.split('/')[1].toUpperCase()).join(', ')} · up to 10MB</p>
      {problem ? (
        <p role="alert" className="w-full rounded-md border border-destructive/40 bg-red-50 px-3 py-2 text-sm font-medium text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
