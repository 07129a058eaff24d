import {
  cloneElement,
  useCallback,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import styled, { css } from 'styled-components';
import { fieldEdge } from '@deck/shared/ui/text-field/text-field';
import { VisuallyHidden } from '@deck/shared/ui/visually-hidden/visually-hidden';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

export interface MenuOption<V extends string> {
  value: V;
  label: ReactNode;
  /** Actions such as Remove sit apart from the choices. */
  kind?: 'choice' | 'action';
  disabled?: boolean;
  /** Why it is disabled: read as the item's description, so the reason can be reached by arrow keys. */
  disabledReason?: string;
}

/**
 * 'inline' is a value in a row (a collaborator's permission); 'field' stands alone and looks like the form
 * control it is (the access level): a field's edge, the body text size, room around the value.
 */
export type MenuSelectLook = 'inline' | 'field';

const fieldLook = css`
  ${fieldEdge}
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.font.sizes.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  &:hover:not(:disabled):not([aria-disabled='true']) {
    border-color: ${({ theme }) => theme.colors.text};
  }
`;

const Trigger = styled.button<{ $look: MenuSelectLook }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  background: transparent;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  /* A long value ("Megjegyzést fűzhet hozzá") wraps rather than widening a row past 320 px. */
  white-space: normal;
  text-align: start;
  min-width: 0;
  &:hover:not(:disabled):not([aria-disabled='true']) {
    border-color: ${({ theme }) => theme.colors.border};
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: default;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
  ${({ $look }) => ($look === 'field' ? fieldLook : '')}
`;

const Caret = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.xs};
`;

const Content = styled(Menu.Content)`
  min-width: 160px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space.xs};
  z-index: ${({ theme }) => theme.zIndex.popover};
  font-family: ${({ theme }) => theme.font.family};
`;

const itemStyles = `
  display: flex;
  align-items: center;
  cursor: pointer;
  outline: none;
  user-select: none;
`;

/*
 * The chosen item carries a tick, as menus of other products do: drawn, not text, so the item's name and text stay
 * its level (its checked state says it is chosen); the empty alternative keeps it out of what screen readers say.
 */
const Item = styled(Menu.RadioItem)`
  ${itemStyles}
  gap: ${({ theme }) => theme.space.xs};
  &::before {
    content: '';
    flex: none;
    width: 1.25em;
    font-weight: ${({ theme }) => theme.font.weights.bold};
  }
  &[data-state='checked']::before {
    content: '✓' / '';
  }
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.text};
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.primarySoft};
    /* The tint alone is 1.15:1 against the menu: the outline is the visible focus indicator. */
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
  &[data-state='checked'] {
    font-weight: ${({ theme }) => theme.font.weights.bold};
  }
  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const ActionItem = styled(Menu.Item)`
  ${itemStyles}
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.danger};
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.dangerSoft};
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

const Separator = styled(Menu.Separator)`
  height: 1px;
  margin: ${({ theme }) => theme.space.xs} 0;
  background: ${({ theme }) => theme.colors.border};
`;

/**
 * Other attributes and handlers go to the trigger button, so a wrapper such as a tooltip (Radix
 * `asChild`) can attach its own to the control itself.
 */
type TriggerAttributes = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'value' | 'disabled' | 'aria-disabled' | 'aria-describedby'>;

export interface MenuSelectProps<V extends string> extends TriggerAttributes {
  ref?: Ref<HTMLButtonElement>;
  /** Accessible name of the trigger, e.g. "Permission for Bob Brown". */
  label: string;
  value: V | null;
  /** What the trigger shows; defaults to the chosen option's label. */
  display?: ReactNode;
  options: MenuOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
  /**
   * Unavailable but still focusable, with its reason as the description: the
   * trigger keeps its role and Tab stop, says it is unavailable, and does not open.
   */
  'aria-disabled'?: boolean;
  'aria-describedby'?: string;
  container?: HTMLElement | null;
  look?: MenuSelectLook;
}

/** A select built on an accessible menu: radio choices, then actions (such as Remove). */
export function MenuSelect<V extends string>({
  label,
  value,
  display,
  options,
  onChange,
  disabled,
  'aria-disabled': unavailable,
  'aria-describedby': describedBy,
  container,
  ref,
  look = 'inline',
  ...triggerAttributes
}: MenuSelectProps<V>) {
  const choices = options.filter((option) => option.kind !== 'action');
  const actions = options.filter((option) => option.kind === 'action');
  const current = choices.find((option) => option.value === value);
  const id = useId();
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  // Left open when a kept dialog closed, it does not come back with the next opening.
  const [open, setOpen] = useOpeningState(false);
  /*
   * The Radix menu (a root with its providers, document listeners and an anchored trigger) mounts the
   * first time the menu opens: a long list of rows then renders plain buttons (000
   * collaborators). Until then the button carries what Radix's trigger would, and opens the same way.
   */
  const [menuMounted, setMenuMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  /*
   * Inside a dialog the menu is portalled into the dialog itself, so it belongs to the dialog for
   * assistive technology (and axe's region rule), and it is kept within the dialog's edges.
   */
  const [enclosingDialog, setEnclosingDialog] = useState<HTMLElement | null>(null);
  const onOpenChange = (next: boolean) => {
    if (next && unavailable) return;
    if (next) setEnclosingDialog(triggerRef.current?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]') ?? null);
    if (next) setMenuMounted(true);
    setOpen(next);
  };

  /*
   * The menu opens on the chosen item, not the first one (WAI-ARIA menu button pattern). It is focused as the menu's
   * content is attached, before Radix would focus anything (it leaves focus already inside alone): focus moved a frame
   * later landed after a key pressed in between (an arrow key on its way, a fast typist) and took the user back to
   * the chosen item. Stable, so a re-render of the open menu (new data) never moves focus.
   */
  const attachContent = useCallback((node: HTMLDivElement | null) => {
    node?.querySelector<HTMLElement>('[role="menuitemradio"][aria-checked="true"]')?.focus({ preventScroll: true });
  }, []);

  /*
   * Disabled items keep their place in the arrow-key order and say why (aria-disabled plus a
   * description); choosing one does nothing and leaves the menu open.
   */
  const blockDisabled = (option: MenuOption<V>) => (event: Event) => {
    if (option.disabled) event.preventDefault();
  };
  const reasonId = (option: MenuOption<V>) => (option.disabled && option.disabledReason ? `${id}-${option.value}-reason` : undefined);
  const reason = (option: MenuOption<V>) => {
    const describedBy = reasonId(option);
    return describedBy ? <VisuallyHidden id={describedBy}>{option.disabledReason}</VisuallyHidden> : null;
  };

  const trigger = (
    // Named by the label and the shown value, so the current value is heard (label-content-name-mismatch).
    <Trigger
      {...triggerAttributes}
      ref={(node: HTMLButtonElement | null) => {
        triggerRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      aria-labelledby={`${labelId} ${valueId}`}
      aria-describedby={describedBy}
      aria-disabled={unavailable || undefined}
      disabled={disabled}
      $look={look}
    >
      <VisuallyHidden id={labelId}>{label}</VisuallyHidden>
      <span id={valueId}>{display ?? current?.label}</span>
      {disabled || unavailable ? null : <Caret aria-hidden="true">▾</Caret>}
    </Trigger>
  );
  if (!menuMounted) return <PlainTrigger trigger={trigger} disabled={disabled} onOpen={() => onOpenChange(true)} />;

  return (
    <Menu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <Menu.Trigger asChild disabled={disabled}>
        {trigger}
      </Menu.Trigger>
      <Menu.Portal container={enclosingDialog ?? container ?? undefined}>
        <Content ref={attachContent} align="end" sideOffset={4} collisionBoundary={enclosingDialog} collisionPadding={8}>
          <Menu.RadioGroup
            value={value ?? ''}
            onValueChange={(next) => {
              if (!choices.find((option) => option.value === next)?.disabled) onChange(next as V);
            }}
          >
            {choices.map((option) => (
              <Item
                key={option.value}
                value={option.value}
                aria-disabled={option.disabled || undefined}
                aria-describedby={reasonId(option)}
                onSelect={blockDisabled(option)}
              >
                {option.label}
                {reason(option)}
              </Item>
            ))}
          </Menu.RadioGroup>
          {actions.length > 0 ? <Separator /> : null}
          {actions.map((option) => (
            <ActionItem
              key={option.value}
              aria-disabled={option.disabled || undefined}
              aria-describedby={reasonId(option)}
              onSelect={(event) => {
                if (option.disabled) event.preventDefault();
                else onChange(option.value);
              }}
            >
              {option.label}
              {reason(option)}
            </ActionItem>
          ))}
        </Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

type TriggerElement = ReactElement<ButtonHTMLAttributes<HTMLButtonElement>>;

/**
 * The closed menu's trigger before the menu ever opened: the attributes and the opening keys and
 * pointer of Radix's DropdownMenu.Trigger (a wrapper's own handlers run first and may prevent them).
 * Opening mounts the Radix menu, which then owns this button's successor: focus moves into the menu
 * and comes back to the trigger on closing, as before.
 */
function PlainTrigger({ trigger, disabled, onOpen }: { trigger: TriggerElement; disabled?: boolean; onOpen: () => void }) {
  const own = trigger.props;
  return cloneElement(trigger, {
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    'data-state': 'closed',
    'data-disabled': disabled ? '' : undefined,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      own.onPointerDown?.(event);
      if (event.defaultPrevented || disabled || event.button !== 0 || event.ctrlKey) return;
      onOpen();
      event.preventDefault();
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      own.onKeyDown?.(event);
      if (event.defaultPrevented || disabled || !['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
      onOpen();
      event.preventDefault();
    },
  } as ButtonHTMLAttributes<HTMLButtonElement>);
}
