import 'styled-components';
import type { Theme } from '@deck/shared/theme/theme';

declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}
