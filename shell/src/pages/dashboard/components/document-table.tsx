import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { documentListMessages as m } from '../messages';
import { focusItemMark } from '../hooks/use-focus-after-removal';

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  color: ${({ theme }) => theme.colors.text};
  caption {
    text-align: start;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.sizes.sm};
    padding-bottom: ${({ theme }) => theme.space.sm};
  }
  th,
  td {
    text-align: start;
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  th {
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
  td > div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export interface DocumentTableProps {
  caption: string;
  documents: PresentationDocument[];
  /** The cell of actions of one row (absent: no actions column). */
  actions?: (document: PresentationDocument) => React.ReactNode;
  /** A second line under the title (e.g. when it went to the trash). */
  note?: (document: PresentationDocument) => string | null;
  /** Whether the title links to the editor (a trashed document opens nowhere). */
  linkTitles?: boolean;
}

/** Documents as a table: title, type, owner, last change and, when given, actions. */
export function DocumentTable({ caption, documents, actions, note, linkTitles = true }: DocumentTableProps) {
  const intl = useIntl();
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage(m.columnTitle)}</th>
          <th scope="col">{intl.formatMessage(m.columnType)}</th>
          <th scope="col">{intl.formatMessage(m.columnOwner)}</th>
          <th scope="col">{intl.formatMessage(m.columnModified)}</th>
          {actions ? <th scope="col">{intl.formatMessage(m.columnActions)}</th> : null}
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => {
          const extra = note?.(document) ?? null;
          return (
            <tr key={document.oid} {...focusItemMark(document.oid)}>
              <th scope="row">
                {linkTitles ? <a href={`/editor/${encodeURIComponent(document.oid)}`}>{document.title}</a> : document.title}
                {extra ? <div>{extra}</div> : null}
              </th>
              <td>{intl.formatMessage(m.type, { type: document.schema_version_name })}</td>
              <td>{`${document.owner.firstName} ${document.owner.lastName}`.trim() || document.owner.username}</td>
              <td>{intl.formatDate(document.modified_at, { dateStyle: 'medium' })}</td>
              {actions ? (
                <td>
                  <div>{actions(document)}</div>
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
