/** Query keys of the connectors screen (docs/connectors.md "Screen"). */
const ROOT = ['connectors'] as const;

export const connectorKeys = {
  all: ROOT,
  catalogue: () => [...ROOT, 'catalogue'] as const,
  connections: (organizationId: string | undefined) => [...ROOT, 'connections', organizationId ?? 'mine'] as const,
  runs: (connectionId: string) => [...ROOT, 'runs', connectionId] as const,
};
