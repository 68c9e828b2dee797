/**
 * Hands the browser a file it fetched itself (the API needs the Authorization header a link cannot send):
 * evidence, deliverables, registers, audit packages and vendor documents all save their downloads so.
 * The click starts the download; the object URL may go once the browser has taken it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
