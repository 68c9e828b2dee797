import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AttachmentPicker, type PickedAttachment } from './attachment-picker.tsx';

function renderPicker(uploads: PickedAttachment[], add: (files: File[]) => number = () => 0) {
  const remove = vi.fn<(key: string) => void>();
  render(<AttachmentPicker id="files" uploads={{ uploads, add, remove }} max={2} description="Up to 2 files." />);
  return { remove };
}

const rows = () => within(screen.getByRole('list', { name: 'Attached files' })).getAllByRole('listitem');

describe('AttachmentPicker', () => {
  it('shows size and progress where the upload hook knows them, and “Uploading…” where it does not', () => {
    renderPicker([
      { key: 'a', fileName: 'policy.pdf', status: 'uploading', sizeBytes: 2048, progress: 0.42 },
      { key: 'b', fileName: 'notes.txt', status: 'uploading' },
    ]);
    const [withProgress, plain] = rows();
    expect(within(withProgress!).getByText('2.0 KB').tagName).toBe('SPAN');
    expect(within(withProgress!).getByRole('progressbar', { name: 'Uploading policy.pdf' }).getAttribute('aria-valuenow')).toBe('42');
    expect(within(plain!).queryByRole('progressbar')).toBeNull();
    expect(within(plain!).getByText('Uploading…').tagName).toBe('P');
    expect(within(plain!).queryByText(/\d B$|KB|MB/)).toBeNull();
  });

  it('says which files are uploaded and which were refused, and removes a file by its key', async () => {
    const { remove } = renderPicker([
      { key: 'a', fileName: 'policy.pdf', status: 'done' },
      { key: 'b', fileName: 'virus.exe', status: 'failed', error: 'Files of type x cannot be attached.' },
    ]);
    expect(within(rows()[0]!).getByText('Uploaded').tagName).toBe('P');
    expect(screen.getByRole('alert').textContent).toBe('Files of type x cannot be attached. Remove it to continue.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove virus.exe' }));
    expect(remove).toHaveBeenCalledWith('b');
  });

  it('says how many files were left out', async () => {
    const add = vi.fn((files: File[]) => files.length - 1);
    renderPicker([], add);
    const input = screen.getByLabelText('Attachments');
    expect(input.getAttribute('aria-describedby')).toBe('files-description');
    await userEvent.upload(input, [new File(['a'], 'a.txt', { type: 'text/plain' }), new File(['b'], 'b.txt', { type: 'text/plain' })]);
    expect(add).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Only 2 files can be attached; 1 was left out.');
  });

  it('is disabled once the limit is reached', () => {
    renderPicker([
      { key: 'a', fileName: 'a.pdf', status: 'done' },
      { key: 'b', fileName: 'b.pdf', status: 'done' },
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('Attachments').disabled).toBe(true);
  });
});
