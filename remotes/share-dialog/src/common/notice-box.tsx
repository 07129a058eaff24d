import styled from 'styled-components';

export type NoticeTone = 'success' | 'error' | 'neutral';

/** A one-line outcome in the dialog with its action at the end: the collaborators' feedback, the Undo offer. */
export const NoticeBox = styled.div<{ $tone: NoticeTone }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : theme.colors.text)};
  background: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.dangerSoft : theme.colors.surfaceMuted)};
`;

/** An address has no place to break, and a long one must wrap inside the dialog, not widen it. */
export const NoticeText = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** A refusal that stands in place of a form or a page: its title, its reason, and what can be done. */
export const RefusalPanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerSoft};
`;
