import { Bot, Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { MCP_PATH, mcpDesktopBridgeConfig, mcpHttpClientConfig } from '../../../../shared/schemas/mcp.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { CodeBlock } from './code-block.tsx';

/** Where the key goes in the snippets: the real key is shown once, when it is made. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

function origin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Copies `text`; where the clipboard is refused, says how to copy by hand. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        {copied === 'yes' ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied === 'yes' ? 'Copied' : label}
      </Button>
      <span className="text-xs text-muted-foreground" aria-live="polite">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'no'
            ? 'The clipboard is not available here: select the text and copy it.'
            : ''}
      </span>
    </div>
  );
}

/**
 * "Connect an AI assistant" (docs/mcp.md): the /mcp URL and a configuration to paste into Claude Desktop or
 * any MCP client, with the API key to put in it. The key itself is shown once, when it is made above.
 */
export function ConnectAssistantPanel() {
  const connection = { origin: origin(), apiKey: API_KEY_PLACEHOLDER };
  const url = `${connection.origin}${MCP_PATH}`;
  const desktop = mcpDesktopBridgeConfig(connection);
  const http = mcpHttpClientConfig(connection);
  return (
    <section aria-labelledby="connect-assistant-heading" className="grid gap-4 rounded-lg border border-border p-4">
      <div className="flex items-start gap-3">
        <Bot className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div>
          <h3 id="connect-assistant-heading" className="text-lg font-semibold">
            Connect an AI assistant
          </h3>
          <p className="text-sm text-muted-foreground">
            Claude and other assistants that speak the Model Context Protocol read your programme through an API key, and change it only
            with a read-write scope; every change is on the audit trail under the key’s name. Make a key above with just the access the
            assistant needs, then put it in place of <code className="font-mono">{API_KEY_PLACEHOLDER}</code>.
          </p>
        </div>
      </div>
      <div className="grid gap-2">
        <CodeBlock label="Server URL (streamable HTTP)">{url}</CodeBlock>
        <CopyButton text={url} label="Copy URL" />
      </div>
      <Tabs defaultValue="desktop" className="grid gap-3">
        <TabsList aria-label="Assistant">
          <TabsTrigger value="desktop">Claude Desktop</TabsTrigger>
          <TabsTrigger value="http">Other MCP clients</TabsTrigger>
        </TabsList>
        <TabsContent value="desktop" className="mt-0 grid gap-2">
          <CodeBlock label="claude_desktop_config.json (through the mcp-remote bridge)">{desktop}</CodeBlock>
          <CopyButton text={desktop} label="Copy configuration" />
        </TabsContent>
        <TabsContent value="http" className="mt-0 grid gap-2">
          <CodeBlock label="Claude Code (.mcp.json), Cursor and other clients that connect over HTTP">{http}</CodeBlock>
          <CopyButton text={http} label="Copy configuration" />
        </TabsContent>
      </Tabs>
      <p className="text-xs text-muted-foreground">
        The assistant gets a tool for each{' '}
        <a href="/api/reference/" className="font-medium text-primary underline underline-offset-2">
          API operation
        </a>{' '}
        the key’s scopes cover, the frameworks, requirements and controls to read, and two prompts: “Prepare for my SOC 2 audit” and “What
        changed since last week”.
      </p>
    </section>
  );
}
