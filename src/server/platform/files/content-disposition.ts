/**
 * `Content-Disposition: attachment` with a file name no browser can misread: an ASCII fallback
 * (letters, digits, dot, dash, underscore, space) and the exact name in RFC 5987 form beside it.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w.\- ]+/g, '_')
      .replace(/^[.\s]+/, '')
      .trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** `information-security-policy`: a title as a file name stem. */
export function slugify(title: string, fallback = 'document'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || fallback;
}
