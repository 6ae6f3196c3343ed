import { useSyncExternalStore } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOURNAL_TEXT_MAX } from '#core/schemas/records';
import { createGratitudeDraft, type SaveTexts } from '../gratitude-draft';
import { JOURNAL_COUNTER_FROM } from '../journal-text-limit';
import { GratitudeField } from './gratitude-field';

/** The field over a real draft, as the gratitude view holds it; `save` sees what would be stored. */
function renderField(text: string) {
  const save = vi.fn<SaveTexts>(() => Promise.resolve());
  const draft = createGratitudeDraft({ gratitudeOne: text, gratitudeTwo: '', gratitudeThree: '' }, save, 0);
  function Harness() {
    const snapshot = useSyncExternalStore(draft.subscribe, draft.getSnapshot);
    return <GratitudeField field="gratitudeOne" label="One" hint="Something small counts." state={snapshot.fields.gratitudeOne} draft={draft} />;
  }
  render(<Harness />);
  const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'One' });
  return { field, save };
}

/** What a screen reader reads after the field's name: the texts its aria-describedby names. */
function description(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id !== '');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const statusText = () => screen.getByRole('status').textContent;

describe('GratitudeField and the journal text limit', () => {
  it('holds at most JOURNAL_TEXT_MAX characters and shows no counter well below it', () => {
    const { field } = renderField('x'.repeat(JOURNAL_COUNTER_FROM - 1));
    expect(field.maxLength).toBe(JOURNAL_TEXT_MAX);
    expect(screen.queryByText(/\/ 20,000/)).toBeNull();
    expect(description(field)).toBe('Something small counts.');
  });

  it('counts the characters near the limit, stops typing at it and says the entry is full', async () => {
    const user = userEvent.setup();
    const { field, save } = renderField('x'.repeat(JOURNAL_TEXT_MAX - 10));
    expect(description(field)).toBe('Something small counts. 19,990 / 20,000 characters');

    await user.type(field, 'abcdefghijklmnop');
    expect(field.value).toHaveLength(JOURNAL_TEXT_MAX);
    expect(field.value.endsWith('abcdefghij')).toBe(true);
    expect(description(field)).toContain('20,000 / 20,000 characters');
    expect(statusText()).toBe('This entry is full: 20,000 characters is the most one entry can hold.');
    await user.tab();
    expect(save).toHaveBeenLastCalledWith({ gratitudeOne: field.value });
  });

  it('refuses a paste that would not fit, whole, and says why; a paste that fits goes in', async () => {
    const user = userEvent.setup();
    const start = 'x'.repeat(JOURNAL_TEXT_MAX - 10);
    const { field, save } = renderField(start);
    await user.click(field);

    await user.paste('y'.repeat(25));
    expect(field.value).toBe(start);
    expect(statusText()).toBe(
      'Nothing was added: that text has 25 characters and this entry has room for 10 more (at most 20,000 characters). Shorten it and try again.',
    );
    expect(description(field)).toContain('Nothing was added');
    expect(save).not.toHaveBeenCalled();

    await user.paste('z'.repeat(10));
    expect(field.value).toBe(`${start}${'z'.repeat(10)}`);
    expect(statusText()).toContain('This entry is full');
  });

  it('counts a selection as room: a paste over it may be as long as what it replaces and the rest', async () => {
    const user = userEvent.setup();
    const { field } = renderField('x'.repeat(JOURNAL_TEXT_MAX));
    await user.click(field);
    field.setSelectionRange(0, 30);
    await user.paste('y'.repeat(30));
    expect(field.value).toBe(`${'y'.repeat(30)}${'x'.repeat(JOURNAL_TEXT_MAX - 30)}`);
  });
});
