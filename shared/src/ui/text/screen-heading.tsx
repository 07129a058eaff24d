import { useEffect, useRef, type ComponentProps } from 'react';
import styled from 'styled-components';
import { Heading } from '@deck/shared/ui/text/text';

const Focusable = styled(Heading)`
  border-radius: ${({ theme }) => theme.radius};
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * The title of a screen that replaces another inside a dialog (Embed, Manage Collaborators, a view
 * link's settings). It takes focus when it appears, so focus never stays on a control that has gone
 * and screen readers say where the user now is; tabIndex -1 keeps it out of the Tab order.
 */
export function ScreenHeading(props: ComponentProps<typeof Heading>) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return <Focusable ref={heading} tabIndex={-1} {...props} />;
}
