import { API_KEY_AREAS, type ApiKeyAccess, type ApiKeyArea } from '../../../shared/api-key-scopes.ts';
import type { ApiKeyScopes, WebhookDelivery } from '../../../shared/schemas/integrations.ts';
import { API_KEY_AREA_LABELS } from '../../../shared/schemas/integrations.ts';

/** Words of the integrations screen. */

export const ACCESS_LABELS: Record<ApiKeyAccess, string> = { none: 'No access', read: 'Read', read_write: 'Read and write' };

export const EXPIRY_CHOICES = [
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '180', label: 'In 180 days' },
  { value: '365', label: 'In a year' },
  { value: 'never', label: 'Never (until revoked)' },
] as const;

/** "Evidence: read and write · Task requests: read": the areas a key reaches, none left out silently. */
export function describeScopes(scopes: ApiKeyScopes): string {
  const granted = API_KEY_AREAS.filter((area: ApiKeyArea) => scopes[area] !== 'none');
  if (granted.length === 0) return 'No access';
  return granted.map((area) => `${API_KEY_AREA_LABELS[area]}: ${ACCESS_LABELS[scopes[area]].toLowerCase()}`).join(' · ');
}

export const DELIVERY_STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';
export function apiKeyStatus(key: { revokedAt: string | null; expiresAt: string | null }, now = Date.now()): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return 'expired';
  return 'active';
}
