import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  font-family: ${({ theme }) => theme.font.family};
`;

const LabelRow = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.font.sizes.md};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const Aside = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

/**
 * The edge of every text field, text area and read-only value box: at least 3:1 against the surface it sits
 * on (WCAG 1.4.11), so the field can be found. Every such control takes it from here.
 */
export const fieldEdge = css`
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius};
`;

/** The field's input on its own, for layouts TextField does not fit; aria-invalid='true' draws it invalid. */
export const TextInput = styled.input`
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  ${fieldEdge}
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -1px;
  }
  /* A value the page gives and the user cannot change (a verified address) reads as one. */
  &[readonly] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &:disabled,
  &[aria-disabled='true'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: not-allowed;
  }
`;

const Hint = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.danger};
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Shown under the field and read with it. */
  hint?: ReactNode;
  /** Marks the field invalid and says why; read with the field. */
  error?: ReactNode;
  /** Beside the label, e.g. a character count; read with the field. */
  aside?: ReactNode;
}

/** A labelled text input whose hint and error are its accessible description. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, hint, error, aside, ...inputProps }, ref) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const asideId = `${id}-aside`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, aside ? asideId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <LabelRow>
        <Label htmlFor={id}>{label}</Label>
        {aside ? <Aside id={asideId}>{aside}</Aside> : null}
      </LabelRow>
      <TextInput ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {error ? <Problem id={errorId}>{error}</Problem> : null}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
    </Field>
  );
});
