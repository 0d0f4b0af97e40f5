/**
 * CSV that spreadsheets open safely: every cell quoted when needed (RFC 4180), and a cell
 * that starts with = + - @ (or a tab / carriage return) is prefixed with a single quote so
 * a spreadsheet never evaluates guest-typed text as a formula (CSV injection). A plain number
 * (-105.52) is no formula: it is written as is, so money columns add up in a spreadsheet.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header and rows as CSV text, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves `csv` as a download named `filename`. */
export function downloadCsv(filename: string, csv: string) {
  // A BOM so spreadsheets read UTF-8 names correctly.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
