/** Controls a SOC 2 report's Section IV lists, with the criteria they address (stock rows). */
export const STOCK_CONTROLS: { criterion: string; control: string; test: string }[] = [
  {
    criterion: 'CC1.1',
    control: 'Personnel acknowledge the code of conduct upon hire and annually thereafter.',
    test: 'Inspected signed acknowledgements for a sample of new hires and current employees.',
  },
  {
    criterion: 'CC1.4',
    control: 'Background checks are performed for new employees prior to their start date.',
    test: 'Inspected background check results for a sample of new hires.',
  },
  {
    criterion: 'CC2.1',
    control: 'The organization maintains a data classification policy reviewed annually.',
    test: 'Inspected the data classification policy and evidence of annual review.',
  },
  {
    criterion: 'CC3.2',
    control: 'A formal risk assessment is performed annually and risks are assigned owners.',
    test: 'Inspected the most recent risk assessment and the risk register.',
  },
  {
    criterion: 'CC4.1',
    control: 'Internal audits of key controls are performed and results reported to management.',
    test: 'Inspected internal audit reports and management reporting.',
  },
  {
    criterion: 'CC5.2',
    control: 'Information security policies are approved by management and published to staff.',
    test: 'Inspected policies for evidence of approval and publication.',
  },
  {
    criterion: 'CC6.1',
    control: 'Access to production systems requires multi-factor authentication.',
    test: 'Observed authentication to production systems and inspected MFA configuration.',
  },
  {
    criterion: 'CC6.2',
    control: 'User access is provisioned based on an approved access request.',
    test: 'Inspected access requests for a sample of provisioned users.',
  },
  {
    criterion: 'CC6.3',
    control: 'Access is revoked within one business day of termination.',
    test: 'Inspected termination tickets and access removal timestamps for a sample of leavers.',
  },
  {
    criterion: 'CC6.6',
    control: 'Firewalls restrict inbound traffic to production networks.',
    test: 'Inspected firewall rule sets for unrestricted inbound rules.',
  },
  {
    criterion: 'CC6.7',
    control: 'Data in transit is encrypted using TLS 1.2 or higher.',
    test: 'Inspected TLS configuration of public endpoints.',
  },
  {
    criterion: 'CC6.8',
    control: 'Endpoint protection software is installed on workstations and servers.',
    test: 'Inspected the endpoint management console for coverage.',
  },
  {
    criterion: 'CC7.1',
    control: 'Vulnerability scans are performed monthly and critical findings tracked to resolution.',
    test: 'Inspected scan reports and remediation tickets for a sample of months.',
  },
  {
    criterion: 'CC7.2',
    control: 'Security events are logged centrally and alerts are reviewed by the security team.',
    test: 'Inspected alert configuration and a sample of alert reviews.',
  },
  {
    criterion: 'CC7.4',
    control: 'Security incidents are handled according to the incident response plan.',
    test: 'Inspected incident tickets for a sample of incidents.',
  },
  {
    criterion: 'CC8.1',
    control: 'Changes to production are peer reviewed and approved before deployment.',
    test: 'Inspected pull requests for a sample of production changes.',
  },
  {
    criterion: 'CC9.2',
    control: 'Vendors are assessed for security risk before onboarding and annually.',
    test: 'Inspected vendor assessments for a sample of vendors.',
  },
  {
    criterion: 'A1.2',
    control: 'Backups are performed daily and restoration is tested quarterly.',
    test: 'Inspected backup logs and restoration test records.',
  },
  {
    criterion: 'A1.3',
    control: 'The disaster recovery plan is tested annually.',
    test: 'Inspected the results of the annual disaster recovery test.',
  },
  {
    criterion: 'C1.1',
    control: 'Confidential information is identified and retained according to the retention schedule.',
    test: 'Inspected the retention schedule and a sample of disposal records.',
  },
  {
    criterion: 'C1.2',
    control: 'Confidential data is disposed of securely at the end of its retention period.',
    test: 'Inspected certificates of destruction for a sample of disposals.',
  },
  {
    criterion: 'PI1.2',
    control: 'Input data is validated for completeness and accuracy by the application.',
    test: 'Observed input validation and inspected application configuration.',
  },
  {
    criterion: 'P4.2',
    control: 'Personal information is retained only as long as needed for the identified purposes.',
    test: 'Inspected the privacy retention policy and deletion jobs.',
  },
];

/** Complementary subservice organization controls: a section that looks like the CUECs but is not. */
export const STOCK_CSOCS = [
  'Subservice organizations are responsible for implementing logical access controls over the infrastructure.',
  'Subservice organizations are responsible for physical security of data centers.',
];
