import { describe, expect, it } from 'vitest';
import { isWithheldColumn, withholdSecrets } from './export-withheld.ts';

describe('what an organization export withholds', () => {
  it('withholds the secrets and hashes of today’s tables, and keeps their look-alikes that hold none', () => {
    expect(isWithheldColumn('webhooks', 'secret')).toBe(true);
    expect(isWithheldColumn('api_keys', 'key_hash')).toBe(true);
    expect(isWithheldColumn('audit_events', 'hash')).toBe(false);
    expect(isWithheldColumn('audit_events', 'prev_hash')).toBe(false);
    expect(isWithheldColumn('agent_runs', 'input_tokens')).toBe(false);
    expect(isWithheldColumn('evidence', 'sha256')).toBe(false);
    expect(isWithheldColumn('api_keys', 'prefix')).toBe(false);
  });

  it('fails closed for a column added later under a secret’s name, even beside a look-alike', () => {
    for (const [table, column] of [
      ['connectors', 'access_token'],
      ['connectors', 'refresh_token'],
      ['connectors', 'client_secret'],
      ['connectors', 'credentials'],
      ['trust_center_grants', 'token_hash'],
      ['saml_providers', 'private_key'],
      ['vendors', 'portal_password'],
      ['agent_runs', 'provider_api_key'],
      ['audit_events', 'signing_key'],
    ]) {
      expect(isWithheldColumn(table!, column!), `${table}.${column}`).toBe(true);
    }
  });

  it('removes the columns from every row and names them', () => {
    const rows = [
      { id: 'w1', url: 'https://a.example/hooks', secret: 'whsec_1' },
      { id: 'w2', url: 'https://b.example/hooks', secret: 'whsec_2' },
    ];
    expect(withholdSecrets('webhooks', rows)).toEqual({
      rows: [
        { id: 'w1', url: 'https://a.example/hooks' },
        { id: 'w2', url: 'https://b.example/hooks' },
      ],
      withheld: ['secret'],
    });
    expect(withholdSecrets('risks', [{ id: 'r1', title: 'Ransomware' }])).toEqual({
      rows: [{ id: 'r1', title: 'Ransomware' }],
      withheld: [],
    });
  });
});
