import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/lib/csv';
import { guestsToCsv } from '../../src/features/admin-guests/lib/csv';

describe('guest CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['Smith, Jane', '"Smith, Jane"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded ', '" padded "'],
    [null, ''],
    [3, '3'],
  ])('quotes cells with commas, quotes and line breaks (RFC 4180): %j is %s', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['-105.52', '-105.52'],
    [-2, '-2'],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=b', 'a=b'],
  ])('neutralises formula injection: cells starting with = + - @ get a leading quote; a plain number stays a number: %j is %s', (cell, written) => {
    expect(csvCell(cell)).toBe(written);
  });

  it('writes a header and one CRLF-terminated line per guest', () => {
    const csv = guestsToCsv([
      { name: 'Ada', email: 'ada@example.com', phone: null, reservation_count: 2, guest_count: 5, last_reservation_at: '2026-11-20T10:00:00Z' },
    ]);
    expect(csv).toBe('Name,Email,Phone,Reservations,Guests,Last reservation\r\nAda,ada@example.com,,2,5,2026-11-20\r\n');
    expect(toCsv(['a'], [])).toBe('a\r\n');
  });
});
