import type {
  ExtractedCuec,
  ExtractedException,
  ExtractedSubserviceOrganization,
  Soc2Opinion,
  SubserviceMethod,
  TrustServicesCategory,
  VendorDocumentFieldKey,
  VendorDocumentKind,
  VendorDocumentProblem,
} from '../../../../../shared/schemas/vendor-document-extraction.ts';
import type { DateStyle } from './corpus-dates.ts';

/** What the corpus generator knows about each document it writes: the truth the reader is scored on. */
export interface TruthField {
  key: VendorDocumentFieldKey;
  value: string;
  page: number;
}

export interface ReadableTruth {
  status: 'read';
  kind: VendorDocumentKind;
  fields: TruthField[];
  exceptions: ExtractedException[];
  cuecs: ExtractedCuec[];
  subserviceOrganizations: ExtractedSubserviceOrganization[];
}

export interface CorpusDocument {
  name: string;
  bytes: Uint8Array;
  truth: ReadableTruth | { status: VendorDocumentProblem };
}

export interface Soc2Spec {
  name: string;
  organization: string;
  system: string;
  auditor: { name: string; city: string };
  type: 'type1' | 'type2';
  /** Type II: the period; Type I: `end` is the as-of date. */
  period: { start: string; end: string };
  opinion: Soc2Opinion;
  categories: TrustServicesCategory[];
  exceptions: { criterion: string; description: string }[];
  cuecs: { text: string; criteria: string[] }[];
  subservice: { name: string; services: string; method: SubserviceMethod }[];
  bridgeLetter: string | null;
  layout: {
    dates: DateStyle;
    cover: 'title' | 'table' | 'minimal';
    contents: boolean;
    assertionFirst: boolean;
    tests: 'criteria_first' | 'control_first' | 'prose';
    cuecs: 'table' | 'bullets' | 'numbered';
    subservice: 'table' | 'prose' | 'bullets';
    furniture: boolean;
    font?: 'Helvetica' | 'Times-Roman';
    /** Wording variant (0, 1, 2) for headings and stock sentences. */
    wording: number;
    managementResponse: boolean;
  };
}
