/** The header row of a CSV text (RFC 4180 quoting), for the column mapping; the server parses the rest. */
export function csvHeaders(text: string): string[] {
  const source = text.replace(/^\uFEFF/, '');
  const headers: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (isQuoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      headers.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') break;
    else cell += char;
  }
  headers.push(cell.trim());
  return headers.filter((header, index) => header !== '' || index < headers.length - 1);
}

const normalized = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Maps each header to the field of the same name (ignoring case, spaces and punctuation), else leaves it out. */
export function guessMapping(headers: string[], fields: string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const header of headers) {
    const key = normalized(header);
    const field =
      fields.find((candidate) => normalized(candidate) === key) ??
      fields.find((candidate) => key.length >= 2 && (normalized(candidate).startsWith(key) || key.startsWith(normalized(candidate))));
    if (field && !Object.values(mapping).includes(field)) mapping[header] = field;
  }
  return mapping;
}
