import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ThemePreference } from '@deck/shared/theme/theme';
import { setThemeChoice, useThemeChoice } from './theme-choice';

/** The header's drop-downs (switch user, theme). */
export const HeaderSelect = styled.select`
  font-family: inherit;
  font-size: ${({ theme }) => theme.font.sizes.sm};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  max-width: 100%;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

/** The demo's theme switch: follow the system, or force light or dark (shell and remotes alike). */
export function ThemeSwitch() {
  const intl = useIntl();
  const choice = useThemeChoice();
  const options: Array<[ThemePreference, string]> = [
    ['system', intl.formatMessage({ id: 'shell.theme.system', defaultMessage: 'System theme' })],
    ['light', intl.formatMessage({ id: 'shell.theme.light', defaultMessage: 'Light theme' })],
    ['dark', intl.formatMessage({ id: 'shell.theme.dark', defaultMessage: 'Dark theme' })],
  ];
  return (
    <HeaderSelect
      aria-label={intl.formatMessage({ id: 'shell.theme.label', defaultMessage: 'Colour theme' })}
      value={choice}
      onChange={(event) => setThemeChoice(event.target.value as ThemePreference)}
      data-testid="theme-switch"
    >
      {options.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </HeaderSelect>
  );
}
