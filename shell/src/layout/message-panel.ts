import styled from 'styled-components';

/** The framed box of a page that only says something (a link or invitation that cannot be used, and why). */
export const MessagePanel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 560px;
  margin: ${({ theme }) => `${theme.space.xxl} auto`};
  padding: ${({ theme }) => theme.space.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The same message as the whole of an embed's frame: a box inside it would touch the host page's edges. */
export const FrameMessagePanel = styled(MessagePanel)`
  box-sizing: border-box;
  min-height: 100vh;
  max-width: none;
  margin: 0;
  border: none;
  border-radius: 0;
`;
