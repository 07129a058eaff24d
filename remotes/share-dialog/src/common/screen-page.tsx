import styled from 'styled-components';

/** A sub-screen of the dialog (Embed, Activity, the view-links screens): a column under its header, with the dialog's padding. */
export const ScreenPage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  font-family: ${({ theme }) => theme.font.family};
`;
