import styled from 'styled-components';
import { ScreenPage } from '../../../common/screen-page';

/** Every view-links screen is a sub-screen column of the dialog (the page draws its own title). */
export const Screen = ScreenPage;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

export const EndActions = styled(Actions)`
  justify-content: flex-end;
`;

/** A short confirmation after a change, announced politely. */
export const StatusNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;
