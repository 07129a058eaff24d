import styled from 'styled-components';

/** A plain, readable table: the analytics page's and the team webhook's delivery log. */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.text};
  caption {
    text-align: left;
    font-size: ${({ theme }) => theme.font.sizes.md};
    font-weight: ${({ theme }) => theme.font.weights.bold};
    padding-bottom: ${({ theme }) => theme.space.sm};
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** Around a table that may be wider than a phone: it scrolls sideways instead of the page. */
export const TableScroll = styled.div`
  overflow-x: auto;
`;
