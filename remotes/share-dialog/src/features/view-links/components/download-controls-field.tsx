import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ToggleSwitch } from '@deck/shared/ui/switch/toggle-switch';
import { viewLinksMessages as m } from '../messages';
import type { LinkOptions } from '../utils/link-options';

const Caveat = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface DownloadControlsFieldProps {
  options: LinkOptions;
  disabled: boolean;
  onChange: (options: LinkOptions) => void;
}

/**
 * "Allow download as PDF" and "Watermark each page" (docs/decisions.md, *Download control and watermark*), and,
 * said plainly under them, what neither can prevent.
 */
export function DownloadControlsField({ options, disabled, onChange }: DownloadControlsFieldProps) {
  const intl = useIntl();
  return (
    <>
      <ToggleSwitch
        label={intl.formatMessage(m.downloadLabel)}
        description={intl.formatMessage(m.downloadDescription)}
        checked={options.allowDownload}
        disabled={disabled}
        onChange={(on) => onChange({ ...options, allowDownload: on })}
      />
      <ToggleSwitch
        label={intl.formatMessage(m.watermarkLabel)}
        description={intl.formatMessage(m.watermarkDescription)}
        checked={options.watermark}
        disabled={disabled}
        onChange={(on) => onChange({ ...options, watermark: on })}
      />
      <Caveat>{intl.formatMessage(m.copyControlsCaveat)}</Caveat>
    </>
  );
}
