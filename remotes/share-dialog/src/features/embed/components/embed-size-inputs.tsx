import { useId } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { TextInput } from '@deck/shared/ui/text-field/text-field';
import { Caption, FieldLabel } from '@deck/shared/ui/text/text';
import { MAX_DIMENSION_DIGITS, withHeight, withWidth, type EmbedSize } from '../utils/embed-dimensions';
import { embedMessages } from '../messages';

const Group = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Legend = styled(FieldLabel).attrs({ as: 'legend' })`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

const Fields = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
`;

const Field = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Input = styled(TextInput)`
  width: 6ch;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  text-align: right;
`;

export interface EmbedSizeInputsProps {
  size: EmbedSize;
  onChange: (size: EmbedSize) => void;
}

/** Width and height in pixels, each at most four digits; editing one side sets the other at 16:9 (spec §5). */
export function EmbedSizeInputs({ size, onChange }: EmbedSizeInputsProps) {
  const intl = useIntl();
  const ratioId = useId();
  const unit = intl.formatMessage(embedMessages.pixels);
  return (
    <Group aria-describedby={ratioId}>
      <Legend>{intl.formatMessage(embedMessages.size)}</Legend>
      <Fields>
        <DimensionInput label={intl.formatMessage(embedMessages.width)} unit={unit} value={size.width} onChange={(value) => onChange(withWidth(value))} />
        <DimensionInput label={intl.formatMessage(embedMessages.height)} unit={unit} value={size.height} onChange={(value) => onChange(withHeight(value))} />
      </Fields>
      <Caption id={ratioId}>{intl.formatMessage(embedMessages.ratio)}</Caption>
    </Group>
  );
}

interface DimensionInputProps {
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
}

/** One side of the embed in pixels, labelled by its name. */
function DimensionInput({ label, unit, value, onChange }: DimensionInputProps) {
  return (
    <Field>
      {label}
      <Input inputMode="numeric" autoComplete="off" maxLength={MAX_DIMENSION_DIGITS} value={value} onChange={(event) => onChange(event.target.value)} />
      <span aria-hidden="true">{unit}</span>
    </Field>
  );
}
