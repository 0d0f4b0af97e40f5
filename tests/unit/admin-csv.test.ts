import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/lib/csv';
import { guestsToCsv } from '../../src/features/admin-guests/lib/csv';

describe('guest CSV', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('neutralises formula injection: cells starting with = + - @ get a leading quote; a plain number stays a number', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-105.52')).toBe('-105.52');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a header and one CRLF-terminated line per guest', () => {
    const csv = guestsToCsv([
      { name: 'Ada', email: 'ada@example.com', phone: null, reservation_count: 2, guest_count: 5, last_reservation_at: '2026-11-20T10:00:00Z' },
    ]);
    expect(csv).toBe('Name,Email,Phone,Reservations,Guests,Last reservation\r\nAda,ada@example.com,,2,5,2026-11-20\r\n');
    expect(toCsv(['a'], [])).toBe('a\r\n');
  });
});
