import { lightTheme } from '@deck/shared/theme/theme';
import { collaboratorListHeight } from './list-height';

const { collaboratorRow, collaboratorListMax } = lightTheme.sizes;

describe('collaboratorListHeight', () => {
  it.each([
    [0, 0],
    [1, 45],
    [2, 90],
    [3, 135],
    [4, 180],
    [5, 180],
    [5000, 180],
  ])('is %i rows high: %i px', (rows, height) => {
    expect(collaboratorListHeight(rows, collaboratorRow, collaboratorListMax)).toBe(height);
  });

  it('uses the theme sizes of the spec', () => {
    expect(collaboratorRow).toBe(45);
    expect(collaboratorListMax).toBe(180);
  });
});
