import { forwardRef, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import { useCombobox } from 'downshift';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Contact } from '@deck/shared/api/contract';
import { Avatar } from '@deck/shared/ui/avatar/avatar';
import { FieldLabel } from '@deck/shared/ui/text/text';
import { collaboratorsMessages as m } from '../messages';
import { matchContacts } from '../utils/match-contacts';
import { contactName } from '../utils/contact-name';

// Grows to fill the line, and moves the controls after it to a line of their own rather than
// shrinking below a usable width (it was 25 px at 320 px in German).
const Wrapper = styled.div`
  position: relative;
  flex: 1 1 12em;
  min-width: 0;
`;

const Label = styled(FieldLabel)`
  display: block;
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

export const FieldInput = styled.input<{ $invalid?: boolean }>`
  width: 100%;
  box-sizing: border-box;
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  &:focus {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -1px;
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    cursor: not-allowed;
  }
`;

const Menu = styled.div<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  position: absolute;
  left: 0;
  right: 0;
  top: calc(100% + ${({ theme }) => theme.space.xs});
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  z-index: ${({ theme }) => theme.zIndex.popover};
`;

const Scroller = styled.div`
  overflow-y: auto;
  position: relative;
`;

const Option = styled.div<{ $highlighted: boolean }>`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0 ${({ theme }) => theme.space.md};
  cursor: pointer;
  background: ${({ theme, $highlighted }) => ($highlighted ? theme.colors.primarySoft : 'transparent')};
  /* The tint alone is 1.14:1 against the list: the inset ring marks the active option. */
  box-shadow: ${({ theme, $highlighted }) => ($highlighted ? `inset 0 0 0 2px ${theme.colors.focus}` : 'none')};
  /* Forced colours remove shadows and tints: there an outline (which they keep) marks the active option. */
  @media (forced-colors: active) {
    outline: ${({ $highlighted }) => ($highlighted ? '2px solid Highlight' : 'none')};
    outline-offset: -2px;
  }
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.text};
`;

const OptionText = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const OptionEmail = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface EmailComboboxProps {
  value: string;
  onValueChange: (value: string) => void;
  contacts: readonly Contact[];
  excludedEmails: ReadonlySet<string>;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** A paste, before the field strips its new lines; return true when it was taken (several addresses). */
  onPasteText?: (text: string) => boolean;
}

/**
 * Spec §5: a typed address or a pick from contacts (matched on name or e-mail, case-insensitively).
 * At most 6 rows of 40 px show; longer matches scroll, and only the visible ones are rendered.
 */
export const EmailCombobox = forwardRef<HTMLInputElement, EmailComboboxProps>(function EmailCombobox(
  { value, onValueChange, contacts, excludedEmails, disabled, invalid, describedBy, onPasteText },
  inputRef,
) {
  const intl = useIntl();
  const theme = useTheme();
  const itemHeight = theme.sizes.autocompleteItem;
  const menuHeightLimit = itemHeight * theme.sizes.autocompleteRows;
  const matches = useMemo(() => matchContacts(contacts, value, excludedEmails), [contacts, value, excludedEmails]);
  // Mounted only while open, so each opening measures the list afresh.
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const menuHeight = Math.min(matches.length * itemHeight, menuHeightLimit);

  const virtualizer = useVirtualizer({
    count: matches.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => itemHeight,
    overscan: 4,
    initialRect: { width: 0, height: menuHeight },
  });

  const { isOpen, highlightedIndex, getInputProps, getItemProps, getLabelProps, getMenuProps } = useCombobox<Contact>({
    items: matches,
    // Only the text is controlled: a pick sets it to the contact's address through onInputValueChange.
    // (Controlling selectedItem as null would make downshift clear the text right after a pick.)
    inputValue: value,
    itemToString: (contact) => contact?.email ?? '',
    onInputValueChange: ({ inputValue }) => onValueChange(inputValue ?? ''),
    // Escape closes the suggestions but never throws away what was typed.
    stateReducer: (state, { type, changes }) =>
      type === useCombobox.stateChangeTypes.InputKeyDownEscape ? { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem } : changes,
    // Rows outside the window are not rendered, so the virtualizer does the scrolling.
    scrollIntoView: () => {},
    onHighlightedIndexChange: ({ highlightedIndex: index, type }) => {
      if (index !== undefined && index >= 0 && type !== useCombobox.stateChangeTypes.ItemMouseMove) virtualizer.scrollToIndex(index);
    },
  });

  const open = isOpen && matches.length > 0;
  return (
    <Wrapper>
      {/* A visible label, not only the placeholder, which disappears as soon as one types. */}
      <Label {...getLabelProps()}>{intl.formatMessage(m.addLabel)}</Label>
      <FieldInput
        {...getInputProps({
          ref: inputRef,
          disabled,
          placeholder: intl.formatMessage(m.addPlaceholder),
          // A text field, not type=email: a typed name searches contacts and must not be flagged invalid.
          type: 'text',
          inputMode: 'email',
          autoComplete: 'off',
          spellCheck: false,
          'aria-invalid': invalid || undefined,
          'aria-describedby': describedBy,
          // Expanded only while suggestions show, so Escape goes to the dialog when there is no list to close.
          'aria-expanded': open,
          onPaste: (event) => {
            if (onPasteText?.(event.clipboardData.getData('text'))) event.preventDefault();
          },
          onKeyDown: (event) => {
            // Enter with no suggestion highlighted submits the typed address, as in any form field.
            if (event.key === 'Enter' && (highlightedIndex < 0 || !open)) {
              (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
            }
          },
        })}
        $invalid={invalid}
      />
      <Menu {...getMenuProps({ 'aria-label': intl.formatMessage(m.suggestions) })} $open={open}>
        {open ? (
          <Scroller ref={scrollerRef} style={{ height: menuHeight }}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => {
              const contact = matches[row.index];
              const name = contactName(contact);
              return (
                <Option
                  key={contact.email}
                  {...getItemProps({ item: contact, index: row.index })}
                  // Only the visible rows exist, so each says its place in the whole list.
                  aria-setsize={matches.length}
                  aria-posinset={row.index + 1}
                  $highlighted={highlightedIndex === row.index}
                  style={{ height: row.size, transform: `translateY(${row.start}px)` }}
                >
                  <Avatar person={{ first_name: name?.split(' ')[0] ?? '', last_name: name?.split(' ').slice(1).join(' ') ?? '', email: contact.email }} />
                  <OptionText>
                    {name ? (
                      <>
                        {name} <OptionEmail>{contact.email}</OptionEmail>
                      </>
                    ) : (
                      contact.email
                    )}
                  </OptionText>
                </Option>
              );
            })}
            </div>
          </Scroller>
        ) : null}
      </Menu>
    </Wrapper>
  );
});
