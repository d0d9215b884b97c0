/** Saves text as a file through the browser's download (a Blob behind a temporary <a download>). */
export function downloadFile(fileName: string, text: string, { type, byteOrderMark = false }: { type: string; byteOrderMark?: boolean }): void {
  // The byte-order mark makes spreadsheet programs read a CSV as UTF-8 (names in any script).
  const blob = new Blob(byteOrderMark ? ['\uFEFF', text] : [text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
