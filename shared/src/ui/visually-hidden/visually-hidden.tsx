import styled from 'styled-components';

/** Read by assistive technology, invisible on screen (a label part, a reason given as a description). */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
