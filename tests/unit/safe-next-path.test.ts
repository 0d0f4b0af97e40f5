import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../src/config/paths';

describe('safeNextPath (where /auth sends a signed-in visitor)', () => {
  it('keeps a path of this site', () => {
    expect(safeNextPath('/admin/join/abc')).toBe('/admin/join/abc');
    expect(safeNextPath('/admin?org=1')).toBe('/admin?org=1');
  });
  it('refuses anything that could leave the site', () => {
    for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', 'admin', '/x\n/y', '', null, undefined]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });
});
