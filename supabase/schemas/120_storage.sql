-- =============================================================================
-- Storage: the org-assets bucket and who may write into it.
--
-- Path layout: {org_id}/{logos|gallery|menus|misc}/{file}
-- Anyone reads an object by its public URL (the bucket is public: that needs no policy, and no
-- policy lets a visitor list the bucket). Only members of the organization named by the first
-- path segment list, write and remove, into one of the four folders. Size (10 MiB) and MIME
-- types are enforced by the bucket itself, not only by the browser.
-- =============================================================================

-- The org-assets bucket (data: the schema diff does not carry it): {org_id}/{logos|gallery|menus|misc}/{file},
-- public read, 10 MiB, images and PDFs, enforced by the bucket itself.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'org-assets',
  'org-assets',
  true,
  10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'application/pdf']
)
on conflict (id) do update
set public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

-- May the caller write the object at this path of org-assets?
create or replace function public.can_manage_org_asset(object_name text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  folders text[] := storage.foldername(object_name);
  org_id uuid;
begin
  if coalesce(array_length(folders, 1), 0) < 2
     or folders[2] not in ('logos', 'gallery', 'menus', 'misc')
     or folders[1] !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  org_id := folders[1]::uuid;
  return public.is_org_member(org_id);
end;
$$;

grant execute on function public.can_manage_org_asset(text) to authenticated;

create policy "Members manage the assets of their organizations"
  on storage.objects for all
  to authenticated
  using (bucket_id = 'org-assets' and public.can_manage_org_asset(name));
