/** Trust services criteria references: CC6.1, A1.2, C1.1, PI1.3, P4.2 (also "CC 6.1"). */
const CRITERION = /\b(CC|PI|A|C|P)\s?(\d{1,2})\.(\d{1,2})\b/g;

export function criteriaIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CRITERION)) {
    const ref = `${match[1]}${match[2]}.${match[3]}`;
    if (!found.includes(ref)) found.push(ref);
  }
  return found;
}

/** Text without its trailing list of criteria: "(CC6.1, CC6.2)", "Related criteria: CC6.3". */
export function withoutCriteria(text: string): string {
  return text
    .replace(
      /\s*(?:\((?:\s*(?:CC|PI|A|C|P)\s?\d{1,2}\.\d{1,2}\s*[,;]?\s*(?:and\s*)?)+\)|(?:related|relevant|applicable)?\s*(?:trust services )?criteri(?:a|on)\s*:?\s*(?:(?:CC|PI|A|C|P)\s?\d{1,2}\.\d{1,2}\s*[,;]?\s*(?:and\s*)?)+)\s*$/i,
      '',
    )
    .trim();
}
