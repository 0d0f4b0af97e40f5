import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AdminSection } from '@/components/admin/admin-section';
import { NewTabButton } from '@/components/admin/new-tab-button';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { OrgChargesCard } from '@/components/admin/charges/org-charges-card';
import { TitledCard } from '@/components/ui/titled-card';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useBranding } from '../api/get-branding';
import { useSaveBranding } from '../api/save-branding';
import { UploadRefusedError, useUploadAsset } from '../api/upload-asset';
import { brandingMessages } from '../messages';
import { brandingSchema, type BrandingFormValues } from '../schemas';
import { defaultColors, type OrgBranding } from '../types';
import type { UploadFolder } from '../lib/upload-rules';
import { AssetField } from './asset-field';
import { ColorField } from './color-field';
import { GalleryEditor } from './gallery-editor';
import { PrivateDinnersCard } from './private-dinners-card';
import { withReason } from '@/lib/error-reason';
import { SubmitButton } from '@/components/forms/submit-button';

function toValues(b: OrgBranding | null): BrandingFormValues {
  return {
    brand_name: b?.brand_name ?? '',
    primary_color: b?.primary_color ?? defaultColors.primary,
    secondary_color: b?.secondary_color ?? defaultColors.secondary,
    logo_url: b?.logo_url ?? '',
    menu_content: b?.menu_content ?? '',
    menu_file_url: b?.menu_file_url ?? '',
    instagram_url: b?.instagram_url ?? '',
    website_url: b?.website_url ?? '',
    gallery_images: b?.gallery_images ?? [],
    reservation_mode: b?.reservation_mode ?? 'reservations',
    bookings_description: b?.bookings_description ?? '',
    empty_state_title: b?.empty_state_title ?? '',
    empty_state_message: b?.empty_state_message ?? '',
    empty_state_cta_text: b?.empty_state_cta_text ?? '',
    empty_state_image_url: b?.empty_state_image_url ?? '',
    private_dinners: b?.private_dinners ?? false,
    private_dinner_note: b?.private_dinner_note ?? '',
  };
}

type SingleAssetKey = 'logo_url' | 'menu_file_url' | 'empty_state_image_url';
type AssetKey = SingleAssetKey | 'gallery_images';

export function BrandingTab({ orgId, orgSlug }: { orgId: string; orgSlug: string }) {
  const branding = useBranding(orgId);
  const form = useForm<BrandingFormValues>({ resolver: zodResolver(brandingSchema), defaultValues: toValues(null) });
  const { errors } = form.formState;
  const [uploading, setUploading] = useState<AssetKey | null>(null);
  const upload = useUploadAsset();
  const save = useSaveBranding(orgId, {
    onSuccess: () => toast.success(brandingMessages.saved, { description: brandingMessages.savedDescription }),
    onError: (error) => toast.error(brandingMessages.saveFailedTitle, { description: withReason(brandingMessages.saveFailed, error) }),
  });

  useEffect(() => {
    if (branding.data !== undefined) form.reset(toValues(branding.data));
  }, [branding.data, form]);
  useEffect(() => {
    if (branding.isError) toast.error(brandingMessages.loadFailedTitle, { description: brandingMessages.loadFailed });
  }, [branding.isError]);

  const uploadFiles = async (key: AssetKey, folder: UploadFolder, files: File[]) => {
    setUploading(key);
    const urls: string[] = [];
    try {
      for (const file of files) urls.push(await upload.mutateAsync({ orgId, folder, file }));
      toast.success(brandingMessages.uploaded, { description: files.length === 1 ? files[0].name : `${files.length} files uploaded` });
    } catch (error) {
      const message = error instanceof UploadRefusedError || error instanceof Error ? error.message : '';
      toast.error(brandingMessages.uploadFailed, { description: message || brandingMessages.uploadFallback });
    } finally {
      setUploading(null);
    }
    if (urls.length === 0) return;
    if (key === 'gallery_images') {
      form.setValue('gallery_images', [...form.getValues('gallery_images'), ...urls].slice(0, 9), { shouldDirty: true });
    } else {
      form.setValue(key, urls[0], { shouldDirty: true, shouldValidate: true });
    }
  };

  /** A single-file upload field (logo, menu file, empty-state image) bound to the form. */
  const assetField = (name: SingleAssetKey, label: string, folder: UploadFolder, kind: 'image' | 'file') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <AssetField
          label={label}
          folder={folder}
          kind={kind}
          value={field.value}
          error={fieldState.error?.message}
          uploading={uploading === name}
          onChange={field.onChange}
          onUpload={(file) => void uploadFiles(name, folder, [file])}
        />
      )}
    />
  );

  if (branding.isPending) return <Spinner label="Loading branding…" />;

  const preview = <NewTabButton href={paths.orgPage.getHref(orgSlug)}>Preview Page</NewTabButton>;

  // Never offer the form when the stored branding could not be read: saving its defaults
  // would overwrite the real branding. (A failed background refetch keeps the loaded data.)
  if (branding.isError && branding.data === undefined) {
    return (
      <AdminSection id="branding" title="Branding" actions={preview}>
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <span>{brandingMessages.loadFailed}</span>
          <Button variant="outline" size="sm" onClick={() => void branding.refetch()} disabled={branding.isFetching}>
            {branding.isFetching ? 'Retrying…' : 'Retry'}
          </Button>
        </Alert>
      </AdminSection>
    );
  }

  return (
    <AdminSection id="branding" title="Branding" actions={preview}>
      <form className="space-y-6" noValidate onSubmit={form.handleSubmit((values) => save.mutate({ orgId, values }))}>
        <TitledCard title="Identity" description="Name, colors and logo of your public page." className="grid gap-4 sm:grid-cols-2">
          <FormField label="Brand name" error={errors.brand_name?.message} className="sm:col-span-2">
            <Input {...form.register('brand_name')} />
          </FormField>
          <Controller
            control={form.control}
            name="primary_color"
            render={({ field, fieldState }) => (
              <ColorField label="Primary color" value={field.value} error={fieldState.error?.message} onChange={field.onChange} />
            )}
          />
          <Controller
            control={form.control}
            name="secondary_color"
            render={({ field, fieldState }) => (
              <ColorField label="Secondary color" value={field.value} error={fieldState.error?.message} onChange={field.onChange} />
            )}
          />
          <div className="sm:col-span-2">{assetField('logo_url', 'Logo', 'logos', 'image')}</div>
        </TitledCard>

        <TitledCard title="Bookings" className="grid gap-4">
          <FormField label="Booking mode" hint="RSVP mode shows the deposit RSVP form for every event.">
            <NativeSelect {...form.register('reservation_mode')}>
              <option value="reservations">Reservations (tickets)</option>
              <option value="rsvp">RSVP (deposit)</option>
            </NativeSelect>
          </FormField>
          <FormField label="Bookings description" error={errors.bookings_description?.message}>
            <Textarea rows={3} {...form.register('bookings_description')} />
          </FormField>
        </TitledCard>

        <TitledCard title="Menu" className="grid gap-4">
          <FormField label="Menu text" error={errors.menu_content?.message}>
            <Textarea rows={5} {...form.register('menu_content')} />
          </FormField>
          {assetField('menu_file_url', 'Menu file', 'menus', 'file')}
        </TitledCard>

        <TitledCard title="Gallery" description="The first photo is the hero image; the rest form the gallery.">
          <Controller
            control={form.control}
            name="gallery_images"
            render={({ field, fieldState }) => (
              <GalleryEditor
                value={field.value}
                error={fieldState.error?.message}
                uploading={uploading === 'gallery_images'}
                onChange={field.onChange}
                onUpload={(files) => void uploadFiles('gallery_images', 'gallery', files)}
              />
            )}
          />
        </TitledCard>

        <TitledCard title="Links" className="grid gap-4 sm:grid-cols-2">
          <FormField label="Instagram URL" error={errors.instagram_url?.message}>
            <Input type="url" placeholder="https://instagram.com/…" {...form.register('instagram_url')} />
          </FormField>
          <FormField label="Website URL" error={errors.website_url?.message}>
            <Input type="url" placeholder="https://" {...form.register('website_url')} />
          </FormField>
        </TitledCard>

        <TitledCard title="When there are no events" description="Shown on your page until the next event is published." className="grid gap-4">
          <FormField label="Empty state title" error={errors.empty_state_title?.message} hint="Default: New Experiences Coming Soon">
            <Input {...form.register('empty_state_title')} />
          </FormField>
          <FormField label="Empty state message" error={errors.empty_state_message?.message}>
            <Textarea rows={3} {...form.register('empty_state_message')} />
          </FormField>
          <FormField label="Empty state button text" error={errors.empty_state_cta_text?.message}>
            <Input {...form.register('empty_state_cta_text')} />
          </FormField>
          {assetField('empty_state_image_url', 'Empty state image', 'misc', 'image')}
        </TitledCard>

        <PrivateDinnersCard form={form} orgSlug={orgSlug} />

        <div className="sticky bottom-0 flex justify-end border-t bg-background/95 py-3 backdrop-blur">
          <SubmitButton pending={save.isPending} pendingLabel="Saving…" disabled={uploading !== null}>
            Save Branding
          </SubmitButton>
        </div>
      </form>
      {/* Saved on its own: prices, not looks. */}
      <OrgChargesCard orgId={orgId} />
    </AdminSection>
  );
}
