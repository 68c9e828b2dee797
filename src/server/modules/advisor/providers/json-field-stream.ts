/**
 * Streams the value of one top-level string field out of JSON that is still arriving, so an answer
 * requested as structured output (`{"answer": "…", "suggestion": …}`) can be shown as it is written.
 * Only the decoded text of that field is emitted; everything else waits for the complete document.
 */
export class JsonStringFieldStream {
  private buffer = '';
  private position = 0;
  private state: 'seeking' | 'inside' | 'done' = 'seeking';
  private readonly opener: RegExp;

  constructor(field: string) {
    this.opener = new RegExp(`"${field}"\\s*:\\s*"`, 'g');
  }

  /** Adds a chunk of the JSON text; returns the newly decoded part of the field (maybe ''). */
  push(chunk: string): string {
    this.buffer += chunk;
    if (this.state === 'seeking') {
      this.opener.lastIndex = 0;
      const match = this.opener.exec(this.buffer);
      if (!match) return '';
      this.state = 'inside';
      this.position = match.index + match[0].length;
    }
    if (this.state !== 'inside') return '';
    let out = '';
    while (this.position < this.buffer.length) {
      const char = this.buffer[this.position];
      if (char === '"') {
        this.state = 'done';
        break;
      }
      if (char !== '\\') {
        out += char;
        this.position += 1;
        continue;
      }
      const next = this.buffer[this.position + 1];
      if (next === undefined) break; // the escape continues in the next chunk
      if (next === 'u') {
        const hex = this.buffer.slice(this.position + 2, this.position + 6);
        if (hex.length < 4) break;
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.position += 6;
        continue;
      }
      const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
      out += escapes[next] ?? next;
      this.position += 2;
    }
    return out;
  }
}
