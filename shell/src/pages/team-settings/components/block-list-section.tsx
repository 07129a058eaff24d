import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { toApiError } from '@deck/shared/api/errors';
import { fieldViolationsOf } from '@deck/shared/api/field-violations';
import { failureReason, refusalOf, serverMessageText } from '@deck/shared/api/server-messages';
import { parseViewerList } from '@deck/shared/domains/view-links/link-controls';
import type { TeamBlockedViewers } from '@deck/shared/domains/team-settings/blocked-viewers-contract';
import { Button } from '@deck/shared/ui/button/button';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { TextField } from '@deck/shared/ui/text-field/text-field';
import { Body, SectionTitle } from '@deck/shared/ui/text/text';
import { useSaveTeamBlockedViewersMutation } from '../api/team-settings-api';
import { blockListMessages as m, teamSettingsMessages as page } from '../messages';

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.sizes.pageFormWidth};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Line = styled.span`
  display: block;
`;

/**
 * The team's block list (docs/decisions.md, *Verified viewers and block lists*): typed as the link dialog's list is,
 * entries the server refuses named beside the field, the limit said in the hint and counted as typed.
 */
export function BlockListSection({ saved }: { saved: TeamBlockedViewers }) {
  const intl = useIntl();
  const [text, setText] = useState(() => saved.entries.map(shown).join(', '));
  const [save, saving] = useSaveTeamBlockedViewersMutation();
  const [status, setStatus] = useState('');
  const entries = parseViewerList(text);
  const tooLong = entries.length > saved.max;
  const error = saving.isError ? saving.error : null;
  const problems = fieldViolationsOf(error).filter((violation) => violation.field === 'entries');
  const refusal = error && problems.length === 0 ? intl.formatMessage(page.saveFailed, { reason: failureReason(intl, refusalOf(toApiError(error))) }) : null;

  useEffect(() => {
    if (saving.isSuccess) setStatus(intl.formatMessage(m.saved));
  }, [saving.isSuccess, intl]);

  const problemText = tooLong ? (
    intl.formatMessage(m.tooLong, { max: saved.max })
  ) : problems.length > 0 ? (
    problems.map(({ text: problem }, index) => <Line key={index}>{serverMessageText(intl, problem)}</Line>)
  ) : undefined;

  return (
    <Section aria-labelledby="team-block-list-title">
      <SectionTitle as="h2" id="team-block-list-title">
        {intl.formatMessage(m.title)}
      </SectionTitle>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (tooLong || saving.isLoading) return;
          setStatus('');
          void save({ entries }).then((result) => {
            if ('data' in result && result.data) setText(result.data.entries.map(shown).join(', '));
          });
        }}
      >
        <Section as="div">
          <TextField
            label={intl.formatMessage(m.label)}
            value={text}
            hint={intl.formatMessage(m.hint, { max: saved.max })}
            aside={intl.formatMessage(m.count, { count: entries.length, max: saved.max })}
            error={problemText}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setText(event.target.value);
              setStatus('');
            }}
          />
          <ErrorMessage message={refusal} />
          <Actions>
            <Button type="submit" aria-disabled={tooLong || saving.isLoading || undefined}>
              {intl.formatMessage(saving.isLoading ? m.saving : m.save)}
            </Button>
            <Body role="status">{status}</Body>
          </Actions>
        </Section>
      </form>
    </Section>
  );
}

/** An entry as the admin would type it: a domain as `@domain`, the syntax the hint gives. */
function shown(entry: string): string {
  return entry.startsWith('*@') ? entry.slice(1) : entry;
}
