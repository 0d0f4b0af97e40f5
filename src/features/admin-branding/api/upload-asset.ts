import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { prepareImage } from '../lib/prepare-image';
import { uploadPath, uploadProblem, type UploadFolder } from '../lib/upload-rules';

export const ASSETS_BUCKET = 'org-assets';

export class UploadRefusedError extends Error {}

/**
 * Uploads into org-assets at {orgId}/{folder}/{timestamp}-{random}.{ext} and returns the
 * public URL. The bucket enforces the same size and type rules and the folder's owner. A photo is
 * stored scaled down and without its camera metadata (prepareImage).
 */
export async function uploadAsset({ orgId, folder, file }: { orgId: string; folder: UploadFolder; file: File }): Promise<string> {
  const problem = uploadProblem(file, folder);
  if (problem) throw new UploadRefusedError(problem);
  const path = uploadPath(orgId, folder, file);
  const stored = await prepareImage(file, folder);
  const { error } = await supabase.storage.from(ASSETS_BUCKET).upload(path, stored, {
    cacheControl: '3600',
    contentType: file.type,
    upsert: false,
  });
  if (error) throw error;
  return supabase.storage.from(ASSETS_BUCKET).getPublicUrl(path).data.publicUrl;
}

export function useUploadAsset(options: { onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: uploadAsset, onError: options.onError });
}
