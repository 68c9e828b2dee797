/**
 * Our mappings from NIST SP 800-53 Rev. 5 to the common controls (data/catalogue/controls.json), read
 * by scripts/derive-nist-800-53.ts. Every control and enhancement of a family gets the family's default
 * (`intersect`: they overlap in part); a family's "-1" policy control maps to the policy set; the key
 * controls below replace the default with their own typed mappings.
 */

type Relation = 'equal' | 'subset' | 'superset' | 'intersect';
export interface Mapping {
  control: string;
  relation: Relation;
}

const m = (spec: string): Mapping[] =>
  spec.split(/\s+/).map((entry) => {
    const [control, relation] = entry.split(':') as [string, Relation | undefined];
    return { control, relation: relation ?? 'intersect' };
  });

export const FAMILY_MAPPINGS: Readonly<Record<string, Mapping[]>> = {
  AC: m('IAM-01'),
  AT: m('HRS-03'),
  AU: m('OPS-05'),
  CA: m('MON-01'),
  CM: m('CFG-01'),
  CP: m('BCM-01'),
  IA: m('IAM-09'),
  IR: m('INC-01'),
  MA: m('OPS-01'),
  MP: m('AST-05'),
  PE: m('PHY-01'),
  PL: m('GOV-08'),
  PM: m('GOV-04'),
  PS: m('HRS-02'),
  PT: m('PRV-02'),
  RA: m('RSK-01'),
  SA: m('SDL-01'),
  SC: m('NET-01'),
  SI: m('VUL-02'),
  SR: m('VEN-04'),
};

/** AC-1, AT-1…: policy and procedures for the family. */
export function policyMappings(family: string): Mapping[] {
  const policy = family === 'AC' ? m('IAM-01:equal') : m('GOV-01:subset');
  return [...policy, ...m('GOV-02:subset')];
}

export const KEY_CONTROL_MAPPINGS: Readonly<Record<string, Mapping[]>> = {
  'AC-2': m('IAM-02 IAM-03:subset IAM-07:subset'),
  'AC-2(3)': m('IAM-07:subset'),
  'AC-3': m('IAM-08'),
  'AC-5': m('GOV-05:equal'),
  'AC-6': m('IAM-08:equal IAM-04:subset'),
  'AC-6(5)': m('IAM-04:superset'),
  'AC-7': m('IAM-10:subset'),
  'AC-11': m('IAM-10:subset PHY-06:subset'),
  'AC-12': m('IAM-10:subset'),
  'AC-17': m('NET-03:equal'),
  'AC-18': m('NET-04:equal'),
  'AC-19': m('CFG-04 CFG-05'),
  'AT-2': m('HRS-03:equal'),
  'AT-3': m('HRS-04:equal'),
  'AU-2': m('OPS-05'),
  'AU-6': m('OPS-06:equal'),
  'AU-8': m('OPS-07:equal'),
  'AU-11': m('OPS-05 PRV-06'),
  'AU-12': m('OPS-05'),
  'CA-2': m('MON-02'),
  'CA-5': m('GOV-11'),
  'CA-7': m('MON-01:equal'),
  'CA-8': m('VUL-03:equal'),
  'CM-2': m('CFG-01:equal'),
  'CM-3': m('SDL-09:equal CFG-02:subset'),
  'CM-6': m('CFG-03 CFG-01'),
  'CM-7': m('CFG-03'),
  'CM-8': m('AST-01:equal AST-02:subset'),
  'CM-10': m('OPS-08'),
  'CM-11': m('OPS-08:equal'),
  'CP-2': m('BCM-01:equal RSK-07:subset'),
  'CP-4': m('BCM-03:equal'),
  'CP-7': m('BCM-04'),
  'CP-9': m('OPS-04:equal'),
  'CP-10': m('BCM-02'),
  'IA-2': m('IAM-09 IAM-05:subset'),
  'IA-2(1)': m('IAM-05:superset'),
  'IA-2(2)': m('IAM-05:superset'),
  'IA-4': m('IAM-09:equal'),
  'IA-5': m('IAM-06:equal IAM-11:subset'),
  'IR-4': m('INC-04 INC-03:subset'),
  'IR-5': m('INC-03'),
  'IR-6': m('INC-02 INC-07'),
  'IR-8': m('INC-01:equal'),
  'MP-6': m('AST-06:equal OPS-11:subset'),
  'PE-2': m('PHY-02'),
  'PE-3': m('PHY-02 PHY-01'),
  'PE-6': m('PHY-07:equal'),
  'PE-14': m('PHY-04'),
  'PL-2': m('GOV-07'),
  'PL-4': m('AST-03:equal'),
  'PM-9': m('RSK-01'),
  'PM-16': m('RSK-06'),
  'PS-3': m('HRS-01:equal'),
  'PS-4': m('HRS-06:equal IAM-07:subset'),
  'PS-6': m('HRS-02:equal'),
  'PS-8': m('HRS-05:equal'),
  'PT-2': m('PRV-02'),
  'PT-3': m('PRV-05'),
  'PT-4': m('PRV-03:equal'),
  'PT-5': m('PRV-01:equal'),
  'RA-3': m('RSK-02:equal RSK-04:subset'),
  'RA-5': m('VUL-01:equal'),
  'RA-7': m('RSK-03'),
  'RA-8': m('PRV-07:equal'),
  'RA-9': m('RSK-07'),
  'SA-3': m('SDL-01:equal'),
  'SA-4': m('VEN-02 SDL-02'),
  'SA-8': m('SDL-02 PRV-08'),
  'SA-9': m('VEN-03 VEN-05'),
  'SA-10': m('SDL-09'),
  'SA-11': m('SDL-05:equal SDL-04:subset'),
  'SA-15': m('SDL-03'),
  'SC-7': m('NET-01:equal NET-02:subset'),
  'SC-8': m('CRY-03:equal'),
  'SC-12': m('CRY-04:equal'),
  'SC-13': m('CRY-01'),
  'SC-28': m('CRY-02:equal'),
  'SI-2': m('VUL-02:equal'),
  'SI-3': m('OPS-03:equal'),
  'SI-4': m('NET-05 OPS-06'),
  'SI-5': m('RSK-06'),
  'SI-7': m('VUL-04:equal DAT-01'),
  'SI-12': m('PRV-06'),
  'SR-2': m('VEN-04'),
  'SR-3': m('VEN-04:equal'),
  'SR-6': m('VEN-01 VEN-03'),
};
