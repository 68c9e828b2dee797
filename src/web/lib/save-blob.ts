/**
 * Hands the browser a file it fetched itself (the API needs the Authorization header a link cannot send).
 * The same as evidence-api.ts's saveBlob, which can move here (a feature may not import another).
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
