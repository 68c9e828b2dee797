import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_PLACEHOLDER, ConnectAssistantPanel } from './connect-assistant-panel.tsx';

describe('Connect an AI assistant', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the /mcp URL of this origin and a Claude Desktop configuration that copies with one press', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<ConnectAssistantPanel />);
    const url = `${window.location.origin}/mcp`;
    screen.getByRole('heading', { name: 'Connect an AI assistant' });
    expect(screen.getByText(url, { selector: 'code' }).closest('figure')?.textContent).toContain('Server URL (streamable HTTP)');

    const desktop = screen.getByRole('tabpanel', { name: 'Claude Desktop' });
    const config = JSON.parse(desktop.querySelector('code')?.textContent ?? '') as { mcpServers: Record<string, { args: string[] }> };
    expect(config.mcpServers.compliancecore?.args).toEqual([
      '-y',
      'mcp-remote',
      url,
      '--header',
      `X-API-Key:${API_KEY_PLACEHOLDER}`,
      '--allow-http',
    ]);
    await user.click(screen.getByRole('button', { name: 'Copy configuration' }));
    expect(writeText).toHaveBeenCalledWith(desktop.querySelector('code')?.textContent);
    screen.getByText('Copied to the clipboard.');
  });

  it('switches to the HTTP configuration from the keyboard, and says how to copy when the clipboard is refused', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<ConnectAssistantPanel />);
    screen.getByRole('tab', { name: 'Claude Desktop' }).focus();
    await user.keyboard('{ArrowRight}');
    const http = screen.getByRole('tabpanel', { name: 'Other MCP clients' });
    expect(JSON.parse(http.querySelector('code')?.textContent ?? '')).toEqual({
      mcpServers: {
        compliancecore: { type: 'http', url: `${window.location.origin}/mcp`, headers: { Authorization: `Bearer ${API_KEY_PLACEHOLDER}` } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    await screen.findByText(/The clipboard is not available here/);
  });
});
