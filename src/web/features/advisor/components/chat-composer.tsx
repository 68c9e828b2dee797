import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, type RefObject, useState } from 'react';
import { MAX_INPUT_LENGTH } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

/** Enter sends; Shift+Enter starts a new line (product.md §4). Typing stays possible while a reply is pending. */
export function ChatComposer({
  onSend,
  isBusy,
  inputRef,
}: {
  onSend: (text: string) => Promise<boolean>;
  isBusy: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const [text, setText] = useState('');

  async function send() {
    const value = text;
    if (isBusy || value.trim() === '') return;
    setText('');
    const sent = await onSend(value);
    if (!sent) setText(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      className="flex items-end gap-2 border-t border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor="advisor-input" className="sr-only">
        Ask the compliance advisor
      </label>
      <textarea
        id="advisor-input"
        ref={inputRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        maxLength={MAX_INPUT_LENGTH}
        placeholder="Ask about SOC 2, GDPR, risk…"
        aria-describedby="advisor-input-hint"
        className={cn(fieldClasses, 'max-h-32 min-h-10 flex-1 resize-none py-2')}
      />
      <span id="advisor-input-hint" className="sr-only">
        Enter sends, Shift+Enter starts a new line.
      </span>
      <Button type="submit" size="icon" aria-label="Send message" disabled={isBusy || text.trim() === ''}>
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}
