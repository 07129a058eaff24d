/**
 * An unavailable control as WCAG wants it: still focusable with its role, reported as
 * unavailable by `aria-disabled` (not the `disabled` attribute), and with its reason as its description.
 */
export function expectUnavailable(element: HTMLElement) {
  expect(element).toHaveAttribute('aria-disabled', 'true');
  expect(element).not.toBeDisabled();
  expect(element).toHaveAccessibleDescription(/\S/);
}
