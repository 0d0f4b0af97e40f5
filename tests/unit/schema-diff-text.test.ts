import { describe, expect, it } from 'vitest';
import { inSchemaText } from '../../stack/schema-diff.ts';

// What `npm run db:diff` writes from migra's SQL (stack/schema-diff.ts): functions as the
// schema files write them, with their grants and comment; dropped functions named plainly.

const schema = `-- Shared helpers
--
-- Doubles a number (the comment above the function goes with it).
create or replace function public.twice(p integer) returns integer
language sql immutable set search_path = '' as $$ select p * 2 $$;

grant execute on function public.twice(integer) to anon, authenticated;

comment on function public.twice(integer) is 'Twice p.';

create or replace function public.other() returns void
language plpgsql as $$
begin
end;
$$;
`;

const migra = `drop function if exists "public"."gone"(p_token text);

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.twice(p integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select p * 2 $function$
;

CREATE OR REPLACE FUNCTION public.unknown()
 RETURNS void
 LANGUAGE sql
AS $function$ select $function$
;

create policy "x" on "public"."t" for select using (true);`;

describe("db:diff's migration text", () => {
  it('writes a function as the schema file does, with its comment, grants and comment statement, and a dropped one plainly', () => {
    const out = inSchemaText(migra, schema);
    expect(out).toContain('drop function if exists public.gone(p_token text);');
    expect(out).toContain(
      [
        '-- Shared helpers',
        '--',
        '-- Doubles a number (the comment above the function goes with it).',
        'create or replace function public.twice(p integer) returns integer',
        "language sql immutable set search_path = '' as $$ select p * 2 $$;",
        '',
        'grant execute on function public.twice(integer) to anon, authenticated;',
        '',
        "comment on function public.twice(integer) is 'Twice p.';",
      ].join('\n'),
    );
    expect(out).not.toContain('CREATE OR REPLACE FUNCTION public.twice');
    // A function the schema text does not define stays as migra printed it; other statements too.
    expect(out).toContain('CREATE OR REPLACE FUNCTION public.unknown()');
    expect(out).toContain('create policy "x" on "public"."t" for select using (true);');
    expect(out).not.toContain('public.other');
  });
});
