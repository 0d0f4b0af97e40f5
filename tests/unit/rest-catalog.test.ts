import { describe, expect, it } from 'vitest';
import { viewColumnOrigins } from '../../stack/gateway/rest/catalog.ts';

// View column tracing of the schema cache (pg_rewrite node text → base table columns).

describe('viewColumnOrigins', () => {
  it('reads only the top-level target list, skipping junk and computed columns', () => {
    const def =
      '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :eref {ALIAS :aliasname e :colnames ("id" "org_id")} :relid 16766})' +
      ' :targetList ({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resname id :ressortgroupref 0 :resorigtbl 16766 :resorigcol 1 :resjunk false}' +
      ' {TARGETENTRY :expr {SUBLINK :subselect {QUERY :targetList ({TARGETENTRY :resno 1 :resname inner :resorigtbl 5 :resorigcol 2 :resjunk false})}}' +
      ' :resno 2 :resname odd\\ name :resorigtbl 0 :resorigcol 0 :resjunk false}' +
      ' {TARGETENTRY :expr {CONST :constvalue 4 [ 1 0 0 0 ]} :resno 3 :resname org\\ id :resorigtbl 16766 :resorigcol 2 :resjunk false}' +
      ' {TARGETENTRY :resno 4 :resname j :resorigtbl 16766 :resorigcol 3 :resjunk true}) :rowMarks <>})';
    expect([...viewColumnOrigins(def)]).toEqual([
      ['id', [16766, 1]],
      ['org id', [16766, 2]],
    ]);
  });

  it('throws on text that is not a query tree (the caller then skips the view)', () => {
    expect(() => viewColumnOrigins('garbage')).toThrow();
    expect(() => viewColumnOrigins('({')).toThrow();
  });
});
