import type { Connector, ConnectorId } from '../../../shared/schemas/connectors.ts';
import type { ConnectorDefinition } from './connector-types.ts';
import { awsConnector } from './providers/aws.ts';
import { githubConnector } from './providers/github.ts';
import { googleWorkspaceConnector } from './providers/google-workspace.ts';
import { httpsJsonConnector } from './providers/https-json.ts';
import { oktaConnector } from './providers/okta.ts';

/** Every connector, in the order the screen lists them (docs/connectors.md). */
export const CONNECTORS: readonly ConnectorDefinition[] = [
  githubConnector,
  awsConnector,
  googleWorkspaceConnector,
  oktaConnector,
  httpsJsonConnector,
];

export function connectorById(id: ConnectorId): ConnectorDefinition {
  const found = CONNECTORS.find((connector) => connector.id === id);
  if (!found) throw new Error(`No connector ${id}`);
  return found;
}

/** What `listConnectors` shows of a connector: never its functions. */
export function connectorView(connector: ConnectorDefinition): Connector {
  return {
    id: connector.id,
    name: connector.name,
    description: connector.description,
    credentialFields: connector.credentialFields.map((field) => ({ ...field })),
    checks: connector.checks.map((check) => ({ id: check.id, title: check.title, controlIds: [...check.controlIds] })),
  };
}
