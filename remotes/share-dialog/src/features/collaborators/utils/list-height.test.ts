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
    [5, 225],
    [6, 270],
    [7, 270],
    [5000, 270],
  ])('is %i rows high: %i px', (rows, height) => {
    expect(collaboratorListHeight(rows, collaboratorRow, collaboratorListMax)).toBe(height);
  });

  it('uses rows of the spec and shows six before scrolling', () => {
    expect(collaboratorRow).toBe(45);
    expect(collaboratorListMax).toBe(6 * collaboratorRow);
  });
});
