/** Folders of the org-assets bucket and what each accepts. */
export const uploadFolders = {
  logos: ['image/jpeg', 'image/png', 'image/webp'],
  gallery: ['image/jpeg', 'image/png', 'image/webp'],
  menus: ['application/pdf', 'image/jpeg', 'image/png'],
  misc: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
} as const;

export type UploadFolder = keyof typeof uploadFolders;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The message for a refused file, or null when the file may be uploaded. */
export function uploadProblem(file: { size: number; type: string }, folder: UploadFolder): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'File size must be less than 10MB';
  if (!(uploadFolders[folder] as readonly string[]).includes(file.type)) {
    return `File type ${file.type || 'unknown'} not allowed for ${folder}`;
  }
  return null;
}

/** `{orgId}/{folder}/{timestamp}-{random}.{ext}` */
export function uploadPath(orgId: string, folder: UploadFolder, file: { name: string; type: string }, now = Date.now()): string {
  const fromName = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase();
  const ext = extensions[file.type] ?? fromName ?? 'bin';
  const random = Math.random().toString(36).slice(2, 10);
  return `${orgId}/${folder}/${now}-${random}.${ext}`;
}
