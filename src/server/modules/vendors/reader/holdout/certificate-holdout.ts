import { HoldoutWriter, type HoldoutDocument } from './holdout-pdf.ts';
import { formatDate, type DateStyle } from './holdout-dates.ts';

/** Held-out ISO/IEC 27001 certificates in three certification bodies' house styles. */

export interface CertificateSpec {
  name: string;
  company: string;
  standard: string;
  scope: string;
  issuer: string;
  number: string;
  validFrom: string;
  validUntil: string;
  dates: DateStyle;
  style: 'registration' | 'labelTable' | 'prose';
}

export async function writeCertificate(spec: CertificateSpec): Promise<HoldoutDocument> {
  const landscape = spec.style === 'labelTable';
  const w = await new HoldoutWriter('iso27001_certificate', {
    font: spec.style === 'prose' ? 'Times-Roman' : 'Helvetica',
    boldFont: spec.style === 'prose' ? 'Times-Bold' : 'Helvetica-Bold',
    bodySize: 11,
    decor: {
      footer:
        spec.style === 'registration'
          ? 'This certificate remains the property of the certification body and shall be returned on request.'
          : undefined,
    },
    landscape,
  }).open();
  const f = (iso: string): string => formatDate(iso, spec.dates);
  const all = (): void => {
    w.field('standard', spec.standard).field('scope', spec.scope).field('issuer', spec.issuer);
  };
  if (spec.style === 'registration') {
    w.heading(spec.issuer, 16, 'center');
    w.field('issuer', spec.issuer);
    w.heading('CERTIFICATE OF REGISTRATION', 20, 'center');
    w.para('This is to certify that', { align: 'center' });
    w.heading(spec.company, 16, 'center');
    w.para(
      `operates an Information Security Management System which complies with the requirements of ${spec.standard} for the following scope:`,
      { align: 'center' },
    );
    w.field('standard', spec.standard);
    w.para(spec.scope, { align: 'center', bold: true });
    w.field('scope', spec.scope);
    w.para(`Certificate Number: ${spec.number}`, { align: 'center' });
    w.field('certificateNumber', spec.number);
    w.para(`Original Registration Date: ${f('2019-04-02')}     Effective Date: ${f(spec.validFrom)}`, { align: 'center' });
    w.para(`Latest Revision Date: ${f(spec.validFrom)}     Expiry Date: ${f(spec.validUntil)}`, { align: 'center' });
    w.field('validFrom', spec.validFrom).field('validUntil', spec.validUntil);
    w.para('Authorised by: Managing Director', { align: 'center' });
  } else if (spec.style === 'labelTable') {
    w.heading('Certificate', 24, 'center');
    w.para(
      `${spec.issuer} hereby certifies that the organization named below has implemented and maintains an information security management system.`,
      { align: 'center' },
    );
    w.table(
      ['Item', 'Details'],
      [0.3, 0.7],
      [
        ['Organization', spec.company],
        ['Standard', spec.standard],
        ['Scope of certification', spec.scope],
        ['Certificate no.', spec.number],
        ['Valid from', f(spec.validFrom)],
        ['Valid until', f(spec.validUntil)],
      ],
    );
    all();
    w.field('certificateNumber', spec.number).field('validFrom', spec.validFrom).field('validUntil', spec.validUntil);
    w.para(`Issued by ${spec.issuer}. Validity is subject to successful annual surveillance audits.`);
  } else {
    w.heading(`${spec.issuer}`, 14);
    w.field('issuer', spec.issuer);
    w.heading('ISMS Certificate', 22, 'center');
    w.para(
      `The certification body of ${spec.issuer} certifies in accordance with its procedures that ${spec.company} has established and applies an information security management system for the ${spec.scope.charAt(0).toLowerCase()}${spec.scope.slice(1)}`,
    );
    w.field('scope', spec.scope);
    w.para(
      `An audit, documented in a report, has verified that this management system fulfils the requirements of the following standard: ${spec.standard}.`,
    );
    w.field('standard', spec.standard);
    w.para(`Certificate registration no. ${spec.number}\nPeriod of validity: ${f(spec.validFrom)} to ${f(spec.validUntil)}`);
    w.field('certificateNumber', spec.number).field('validFrom', spec.validFrom).field('validUntil', spec.validUntil);
    w.para(`Audit report no. 4471-2025. First certified ${f('2022-02-01')}.`);
  }
  const bytes = await w.finish();
  return { name: spec.name, bytes, truth: w.truth };
}
