import styled, { useTheme } from 'styled-components';
import { avatarColour, avatarInitials, type AvatarPerson } from '@deck/shared/ui/avatar/avatar-identity';
import { readableOn } from '@deck/shared/theme/contrast';

const Circle = styled.span<{ $colour: string; $size: string }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $size }) => $size};
  height: ${({ $size }) => $size};
  border-radius: ${({ theme }) => theme.radiusRound};
  background: ${({ $colour }) => $colour};
  color: ${({ theme, $colour }) => readableOn($colour, theme.colors.avatarText)};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

export function Avatar({ person, size }: { person: AvatarPerson; size?: string }) {
  const theme = useTheme();
  return (
    <Circle
      aria-hidden="true"
      data-colour={avatarColour(person, theme.avatarColours, theme.colors.avatarFallback)}
      $colour={avatarColour(person, theme.avatarColours, theme.colors.avatarFallback)}
      $size={size ?? theme.sizes.avatar}
    >
      {avatarInitials(person)}
    </Circle>
  );
}
