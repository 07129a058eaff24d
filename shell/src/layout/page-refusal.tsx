import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Body } from '@deck/shared/ui/text/text';
import { PageHeading } from './page-heading';

/** A page's whole answer in one panel instead of its content: a refusal (danger) or what the visitor can do (primary). */
export const PagePanel = styled.section<{ $tone: 'danger' | 'primary' }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.primarySoft)};
`;

/** A page the server refused (or that names nothing): its heading, and why, said at once. */
export function PageRefusal({ title, reason }: { title: string; reason: ReactNode }) {
  const id = useId();
  return (
    <PagePanel $tone="danger" role="alert" aria-labelledby={id}>
      <PageHeading id={id}>{title}</PageHeading>
      <Body>{reason}</Body>
    </PagePanel>
  );
}
