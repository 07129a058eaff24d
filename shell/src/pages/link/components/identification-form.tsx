import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ViewLinkOpening } from '@deck/shared/domains/view-links/recipient-contract';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { TextField } from '@deck/shared/ui/text-field/text-field';
import { Body, ErrorText } from '@deck/shared/ui/text/text';
import { linkFormPath } from '@deck/shared/domains/view-links/link-page-forms';
import { FormToken } from '../../../first-view/form-token';
import { useTypedBeforeTakeOver } from '../../../first-view/typed-before-take-over';
import { linkMessages as m } from '../messages';
import { identityProblems, isIdentityValid, type IdentityProblems, type ViewerIdentity } from '../utils/viewer-identity';
import { PageHeading } from '../../../layout/page-heading';
import { FormPanel as Panel, FormActions as Submit } from './form-panel';

const NO_PROBLEMS: IdentityProblems = { name: null, email: null };

export interface IdentificationFormProps {
  linkId: string;
  opening: ViewLinkOpening;
  /** Prefilled for a signed-in viewer. */
  initial: ViewerIdentity;
  busy: boolean;
  /** The server's refusal or failure, shown under the fields. */
  failure: string | null;
  onSubmit: (identity: ViewerIdentity) => void;
}

/**
 * Spec §4 viewer identification: the viewer gives a name and an e-mail before the content shows.
 * Problems show per field after the first attempt, and focus moves to the first field to fix.
 */
export function IdentificationForm({ linkId, opening, initial, busy, failure, onSubmit }: IdentificationFormProps) {
  const intl = useIntl();
  const titleId = useId();
  const [identity, setIdentity] = useState<ViewerIdentity>(initial);
  const [attempted, setAttempted] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  useTypedBeforeTakeOver(nameInput, (name) => setIdentity((current) => ({ ...current, name })));
  useTypedBeforeTakeOver(emailInput, (email) => setIdentity((current) => ({ ...current, email })));
  const problems = attempted ? identityProblems(identity) : NO_PROBLEMS;
  const sharer = `${opening.sharer_first_name} ${opening.sharer_last_name}`.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = identityProblems(identity);
    if (!isIdentityValid(found)) {
      (found.name ? nameInput : emailInput).current?.focus();
      return;
    }
    onSubmit({ name: identity.name.trim(), email: identity.email.trim() });
  };

  return (
    <Panel aria-labelledby={titleId} method="post" action={linkFormPath(linkId, 'visits')} onSubmit={submit} noValidate>
      <FormToken />
      <input type="hidden" name="open_id" value={opening.open_id} />
      <PageHeading id={titleId}>{intl.formatMessage(m.identifyTitle, { sharer, title: opening.document_title })}</PageHeading>
      <Body>{intl.formatMessage(m.identifyBody)}</Body>
      <TextField
        ref={nameInput}
        name="viewer_name"
        label={intl.formatMessage(m.nameLabel)}
        autoComplete="name"
        value={identity.name}
        error={problems.name === 'empty' ? intl.formatMessage(m.nameEmpty) : problems.name === 'too-long' ? intl.formatMessage(m.nameTooLong) : undefined}
        onChange={(event) => setIdentity({ ...identity, name: event.target.value })}
      />
      <TextField
        ref={emailInput}
        name="viewer_email"
        label={intl.formatMessage(m.emailLabel)}
        type="email"
        autoComplete="email"
        value={identity.email}
        // The address verified for an allow-listed link is the one the visit records: shown, not asked.
        readOnly={opening.verified_email !== null}
        hint={opening.verified_email !== null ? intl.formatMessage(m.emailVerified) : undefined}
        error={problems.email === 'empty' ? intl.formatMessage(m.emailEmpty) : problems.email === 'invalid' ? intl.formatMessage(m.emailInvalid) : undefined}
        onChange={(event) => setIdentity({ ...identity, email: event.target.value })}
      />
      {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
      <Submit>
        {busy ? <Spinner label={intl.formatMessage(m.sending)} /> : null}
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(m.open)}
        </Button>
      </Submit>
    </Panel>
  );
}
