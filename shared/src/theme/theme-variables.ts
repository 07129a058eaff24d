import { darkTheme, lightTheme, type Theme, type ThemeName } from '@deck/shared/theme/theme';

/**
 * Markup written once for both themes (the server's first view of a page, docs/architecture.md): the
 * colours that differ between the light and the dark theme become CSS custom properties, whose values
 * the page's own style sets from the visitor's choice (`data-theme` on the root element) or, without one,
 * from `prefers-color-scheme`. Colours alike in both themes stay as they are, so whatever computes with
 * them (an avatar's readable text colour) still can.
 */
export const THEME_ATTRIBUTE = 'data-theme';

/** The cookie that tells the server a visitor's forced theme (the demo's theme switch sets it beside its own storage). */
export const THEME_COOKIE = 'theme';

/** A forced theme from the cookie's value; null follows the system. */
export function forcedTheme(value: string | null | undefined): ThemeName | null {
  return value === 'light' || value === 'dark' ? value : null;
}

type Colours = Theme['colors'];
type ColourName = keyof Colours;

const themedColours = (Object.keys(lightTheme.colors) as ColourName[]).filter((name) => lightTheme.colors[name] !== darkTheme.colors[name]);

const variableOf = (name: ColourName) => `--deck-colour-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The theme whose themed colours are `var(--deck-colour-…)`: styles written with it fit both themes. */
export const variablesTheme: Theme = {
  ...lightTheme,
  colors: { ...lightTheme.colors, ...Object.fromEntries(themedColours.map((name) => [name, `var(${variableOf(name)})`])) },
};

function declarations(theme: Theme): string {
  const values = themedColours.map((name) => `${variableOf(name)}:${String(theme.colors[name])}`);
  return [...values, `color-scheme:${theme.name}`].join(';');
}

const rootFor = (name: ThemeName) => `:root[${THEME_ATTRIBUTE}="${name}"]`;

/** The values of `variablesTheme`'s properties: light by default, dark when chosen or, without a choice, when the system prefers it. */
export function themeVariablesCss(): string {
  return [
    `:root{${declarations(lightTheme)}}`,
    `@media (prefers-color-scheme: dark){:root:not([${THEME_ATTRIBUTE}="light"]){${declarations(darkTheme)}}}`,
    `${rootFor('dark')}{${declarations(darkTheme)}}`,
  ].join('\n');
}
