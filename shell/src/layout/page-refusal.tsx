import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Body } from '@deck/shared/ui/text/text';
import { PageHeading } from './page-heading';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerSoft};
`;

/** A page the server refused (or that names nothing): its heading, and why, said at once. */
export function PageRefusal({ title, reason }: { title: string; reason: ReactNode }) {
  const id = useId();
  return (
    <Panel role="alert" aria-labelledby={id}>
      <PageHeading id={id}>{title}</PageHeading>
      <Body>{reason}</Body>
    </Panel>
  );
}
