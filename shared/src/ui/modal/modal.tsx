import { Activity, memo, useCallback, useLayoutEffect, useRef, useState, type FocusEvent as ReactFocusEvent, type ReactElement, type KeyboardEvent as ReactKeyboardEvent, type ReactNode, type Ref, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';
import { respectReducedMotion } from '@deck/shared/ui/motion/reduced-motion';
import { koreanLineBreaks } from '@deck/shared/ui/text/korean-line-breaks';
import { OpeningProvider } from '@deck/shared/ui/modal/opening-state';
import { escapeIsOwned } from '@deck/shared/ui/modal/own-escape';

/** Spec §9: the modal's close animation lasts 300 ms. */
export const MODAL_CLOSE_ANIMATION_MS = 300;

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const fadeOut = keyframes`from { opacity: 1; } to { opacity: 0; }`;

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.colors.backdrop};
  z-index: ${({ theme }) => theme.zIndex.modal};
  animation: ${fadeIn} ${MODAL_CLOSE_ANIMATION_MS}ms ease-out;
  &[data-state='closed'] {
    animation: ${fadeOut} ${MODAL_CLOSE_ANIMATION_MS}ms ease-in;
  }
  &,
  &[data-state='closed'] {
    ${respectReducedMotion}
  }
`;

/*
 * Centred by auto margins, not by a transform: a transformed box is the containing block of its fixed-position
 * descendants and clips them with its overflow, which cut off every tooltip and menu near the dialog's edges.
 * Without one, those popups (fixed, portalled into the dialog for assistive technology) are clipped only by the
 * viewport, and keep inside it by themselves. Nothing in this box may set transform, filter, contain or
 * will-change for the same reason.
 */
const Content = styled(Dialog.Content)<{ $width: string; $minHeight: string; $height?: string }>`
  position: fixed;
  inset: 0;
  margin: auto;
  height: ${({ $height, theme }) => ($height ? `min(${$height}, calc(100dvh - ${theme.space.xxl}))` : 'fit-content')};
  /* The sizes include the edge (a 500 px question is 500 px wide). */
  box-sizing: border-box;
  width: ${({ theme }) => theme.sizes.modalWidth};
  max-width: ${({ $width }) => $width};
  /* Never taller than the viewport: at 200 % zoom a 450 px minimum put Done off screen. */
  min-height: min(${({ $minHeight }) => $minHeight}, calc(100dvh - ${({ theme }) => theme.space.xxl}));
  max-height: calc(100dvh - ${({ theme }) => theme.space.xxl});
  overflow: auto;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  /* An edge of its own (transparent in the light theme): on a dark page a dark box needs one to stand out. */
  border: 1px solid ${({ theme }) => theme.colors.dialogEdge};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  font-family: ${({ theme }) => theme.font.family};
  z-index: ${({ theme }) => theme.zIndex.modal};
  ${koreanLineBreaks}
  animation: ${fadeIn} ${MODAL_CLOSE_ANIMATION_MS}ms ease-out;
  &[data-state='closed'] {
    animation: ${fadeOut} ${MODAL_CLOSE_ANIMATION_MS}ms ease-in;
  }
  &,
  &[data-state='closed'] {
    ${respectReducedMotion}
  }
  &:focus {
    outline: none;
  }
`;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The accessible name of the dialog; usually the visible header's text. */
  title: ReactNode;
  /** Rendered visually by the caller when false, so the header can hold more than text. */
  hideTitle?: boolean;
  /** The dialog's accessible description, an element the caller styles (shown where it is placed: after the title). */
  description?: ReactElement;
  container: HTMLElement;
  width?: string;
  minHeight?: string;
  /**
   * A height the dialog keeps whatever it shows (within the viewport): its content scrolls inside, so loading
   * and moving between screens do not make the box jump. Without it the dialog fits its content.
   */
  height?: string;
  /**
   * Called when the dialog opens, before focus moves in; `event.preventDefault()` keeps Radix from
   * focusing the first control (e.g. to focus the dialog itself when its content is still loading).
   */
  onOpenAutoFocus?: (event: Event) => void;
  /** A question that interrupts (a confirmation): announced as an alert dialog. */
  alert?: boolean;
  /**
   * Where focus goes on close when nothing usable had it at opening: a menu item that opened the
   * modal is gone by then, so the caller names the menu's button.
   */
  returnFocusTo?: () => HTMLElement | null | undefined;
  /**
   * Keeps the modal's tree mounted between openings, so a later opening only shows it again instead of
   * building it anew (a later share-dialog opening within 50 ms). Closed, it is a hidden
   * Activity: no focus trap, no aria-hidden page, no scroll lock, no document listener, nothing in the
   * accessibility tree, and it shows what it showed when it closed.
   */
  keepMounted?: boolean;
  children: ReactNode;
}

/** A span, not a heading: a page that draws its own title would otherwise have two. */
const HiddenTitle = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;

/**
 * Escape belongs first to an open popup inside the dialog: a combobox whose list is showing closes
 * that list itself, and only a second Escape (list closed) reaches the dialog (WAI-ARIA combobox pattern).
 * So does an inline editor marked OWN_ESCAPE: Escape closes that editor, not the dialog.
 */
function leaveEscapeToOpenCombobox(event: KeyboardEvent) {
  if (escapeLeftToPart(event.target)) event.preventDefault();
}

function escapeLeftToPart(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (target.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') || escapeIsOwned(target);
}

/**
 * Escapes already answered by a dialog. Radix moves its Escape listener to a newly opened dialog only in the render
 * after the one that showed it and focused its first button: a key pressed in between reached the dialog beneath
 * (the share dialog under its confirmation) and closed it, question and all (WCAG 2.4.3: focus fell to the page).
 */
const answeredEscapes = new WeakSet<Event>();

/**
 * Escapes a dialog beneath passed over (prevented) for the dialog they were pressed in. Any other prevented Escape
 * was answered by what it was pressed in: a tooltip closing (WCAG 1.4.13), a list. Without motion the tooltip is
 * gone before the key reaches the dialog, so its having been prevented is all that says so.
 */
const passedOverEscapes = new WeakSet<Event>();

/** Marks a Modal's box; a question drawn inside a dialog (not a Modal) is part of that dialog. */
const MODAL_BOX = 'data-modal-box';

/** The Modal a key was pressed in: the innermost one around its target. */
function dialogOf(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest(`[${MODAL_BOX}]`) : null;
}

const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog that holds focus itself (on opening, while loading) sends Shift+Tab to its last control.
 * Radix's focus trap wraps only from its first control, so from the box the browser tried to leave
 * the dialog, the trap pulled focus back, and the first Shift+Tab did nothing.
 */
function wrapShiftTabFromDialog(event: ReactKeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab' || !event.shiftKey || event.target !== event.currentTarget) return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.getClientRects().length > 0);
  const last = controls.at(-1);
  if (!last) return;
  event.preventDefault();
  last.focus();
}

/**
 * Focus that moves without the browser's own scrolling is scrolled into view here (WCAG 2.4.11): Radix's
 * focus trap wraps Tab from the last control to the first with `preventScroll`, which left the first
 * field scrolled out of the dialog's body with its focus unseen. Popups (menus, tooltips) place themselves.
 */
function revealFocused(event: ReactFocusEvent<HTMLElement>) {
  const target = event.target;
  if (target === event.currentTarget || target.closest('[data-radix-popper-content-wrapper]')) return;
  // jsdom (the component tests) has no layout and no scrollIntoView.
  target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/**
 * A question asked by a menu item (an access level that needs confirming) opens as the menu closes: the
 * item goes away with its menu, so focus goes back to the button that opened the menu (Radix labels the
 * menu with its trigger's id).
 */
function menuButtonOf(element: HTMLElement): HTMLElement {
  const triggerId = element.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  return trigger ?? element;
}

/**
 * Remembers what had focus when the modal opened, and gives focus back to it on close (WCAG 2.4.3).
 * Radix returns focus only to its own Trigger; our dialogs are opened by hosts and other
 * remotes, so without this focus fell to the page body.
 */
function useFocusReturn(open: boolean, fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix moves focus into the dialog (its focus scope uses a passive effect).
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = menuButtonOf(document.activeElement);
  }, [open]);
  return (event: Event) => {
    const target = opener.current?.isConnected ? opener.current : fallback?.();
    if (target?.isConnected) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
  };
}

/** What a kept modal shows while closed: what it showed when it closed (its data may be gone by then). */
const Frozen = memo(
  ({ children }: { frozen: boolean; children: ReactNode }) => children,
  (_previous, next) => next.frozen,
);

/** The spec's close animation, with room: a tab in the background may never report its end. */
const CLOSE_ANIMATION_FALLBACK_MS = MODAL_CLOSE_ANIMATION_MS + 200;

/**
 * Whether a kept modal is on screen: from its opening until its close animation ended (or at once
 * when it has none, as with reduced motion), and which opening this is (0 before the first: a modal
 * that never opened stays unrendered).
 */
function useShown(open: boolean, content: RefObject<HTMLElement | null>) {
  const [shown, setShown] = useState(open);
  const [openings, setOpenings] = useState({ open, count: open ? 1 : 0 });
  if (open && !shown) setShown(true);
  if (openings.open !== open) setOpenings({ open, count: open ? openings.count + 1 : openings.count });
  useLayoutEffect(() => {
    const element = content.current;
    if (open || !shown) return;
    const animation = element ? getComputedStyle(element).animationName : '';
    if (!element || !animation || animation === 'none') {
      setShown(false);
      return;
    }
    const hide = (event?: AnimationEvent) => {
      if (!event || event.target === element) setShown(false);
    };
    element.addEventListener('animationend', hide);
    element.addEventListener('animationcancel', hide);
    const timer = setTimeout(hide, CLOSE_ANIMATION_FALLBACK_MS);
    return () => {
      element.removeEventListener('animationend', hide);
      element.removeEventListener('animationcancel', hide);
      clearTimeout(timer);
    };
  }, [content, open, shown]);
  return { shown, opening: openings.count };
}

/**
 * A kept modal opens scrolled to the start, as on its first opening: what was scrolled in an opening
 * (the dialog, its body, a long list) is scrolled back before the next one paints. Only boxes seen
 * scrolling are touched, so an opening walks nothing.
 */
function useScrollFromStart(content: RefObject<HTMLElement | null>, open: boolean, opening: number) {
  const scrolled = useRef(new Set<Element>());
  useLayoutEffect(() => {
    const element = content.current;
    if (!open || !element) return undefined;
    for (const box of scrolled.current) {
      box.scrollTop = 0;
      box.scrollLeft = 0;
    }
    scrolled.current.clear();
    // Scroll events do not bubble; one listener in the capture phase sees every box inside.
    const remember = (event: Event) => {
      if (event.target instanceof Element) scrolled.current.add(event.target);
    };
    element.addEventListener('scroll', remember, true);
    return () => element.removeEventListener('scroll', remember, true);
  }, [content, open, opening]);
}

/**
 * A hidden kept modal holds no focus. Not every browser blurs a control that `display: none` hides, and
 * focus left in it would stay out of sight and, on the next opening, keep Radix from moving focus in (it
 * moves focus only when none is inside already), so that opening would not start on the dialog.
 */
function useNoFocusWhileHidden(content: RefObject<HTMLElement | null>, shown: boolean) {
  // Kept while shown: a hidden Activity detaches the refs inside it.
  const element = useRef<HTMLElement | null>(null);
  // In the effect, not its cleanup: React gives focus back to what had it once a commit's DOM changes are done.
  useLayoutEffect(() => {
    if (shown) {
      element.current = content.current;
      return;
    }
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && element.current?.contains(focused)) focused.blur();
  }, [content, shown]);
}

/** An accessible modal: focus trap, Escape and a click on the background close it. */
export function Modal({ keepMounted, ...props }: ModalProps) {
  return keepMounted ? <KeptModal {...props} /> : <ModalFrame {...props} />;
}

/**
 * A kept modal renders Radix's dialog always mounted (forceMount) inside an Activity that React hides
 * once the close animation ended: hiding runs every effect's cleanup (Radix's focus scope gives focus
 * back, its aria-hidden of the page and scroll lock end, its listeners go) and sets display: none on
 * what it rendered; showing it again runs those effects again on the very same tree. Each opening
 * starts like the first: its number goes to `useOpeningState` (what was typed, chosen, shown as an
 * error, a menu or tooltip left open start afresh) and the scrolled boxes go back to the start.
 */
function KeptModal(props: Omit<ModalProps, 'keepMounted'>) {
  const content = useRef<HTMLDivElement>(null);
  const { shown, opening } = useShown(props.open, content);
  useScrollFromStart(content, props.open, opening);
  useNoFocusWhileHidden(content, shown);
  if (opening === 0) return null;
  return (
    <OpeningProvider value={opening}>
      <Activity mode={shown ? 'visible' : 'hidden'}>
        <ModalFrame {...props} forceMount contentRef={content}>
          <Frozen frozen={!props.open}>{props.children}</Frozen>
        </ModalFrame>
      </Activity>
    </OpeningProvider>
  );
}

interface ModalFrameProps extends Omit<ModalProps, 'keepMounted'> {
  forceMount?: true;
  contentRef?: Ref<HTMLDivElement>;
}

function ModalFrame({
  open,
  onClose,
  title,
  hideTitle,
  description,
  container,
  width,
  minHeight,
  height,
  onOpenAutoFocus,
  alert,
  returnFocusTo,
  forceMount,
  contentRef,
  children,
}: ModalFrameProps) {
  const returnFocus = useFocusReturn(open, returnFocusTo);
  const own = useRef<HTMLDivElement | null>(null);
  const composedRef = useCallback(
    (node: HTMLDivElement | null) => {
      own.current = node;
      if (typeof contentRef === 'function') contentRef(node);
      else if (contentRef) contentRef.current = node;
    },
    [contentRef],
  );
  // Radix calls this for the dialog whose Escape listener is attached, which is not always the one the key was
  // pressed in (answeredEscapes): an Escape pressed in a dialog opened over this one is that dialog's.
  const onEscapeKeyDown = (event: KeyboardEvent) => {
    leaveEscapeToOpenCombobox(event);
    if (event.defaultPrevented) return;
    if (dialogOf(event.target) !== own.current) {
      event.preventDefault();
      passedOverEscapes.add(event);
      return;
    }
    answeredEscapes.add(event);
  };
  // The Escape of a dialog Radix does not listen to yet, passed over by the one beneath: this dialog answers it.
  const answerEscape = (event: ReactKeyboardEvent<HTMLElement>) => {
    const native = event.nativeEvent;
    if (event.key !== 'Escape' || answeredEscapes.has(native) || (native.defaultPrevented && !passedOverEscapes.has(native))) return;
    if (dialogOf(event.target) !== own.current || escapeLeftToPart(event.target)) return;
    answeredEscapes.add(native);
    onClose();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal container={container} forceMount={forceMount}>
        <Overlay data-testid="modal-backdrop" />
        <Content
          ref={composedRef}
          $width={width ?? '600px'}
          $minHeight={minHeight ?? '0'}
          $height={height}
          // Without a description, none is referenced (Radix would point at an element that is not there).
          {...(description ? {} : { 'aria-describedby': undefined })}
          role={alert ? 'alertdialog' : 'dialog'}
          {...{ [MODAL_BOX]: '' }}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={onEscapeKeyDown}
          onKeyDown={(event) => {
            answerEscape(event);
            wrapShiftTabFromDialog(event);
          }}
          onFocus={revealFocused}
        >
          {hideTitle ? (
            <Dialog.Title asChild>
              <HiddenTitle>{title}</HiddenTitle>
            </Dialog.Title>
          ) : (
            <Dialog.Title asChild>{title}</Dialog.Title>
          )}
          {description ? <Dialog.Description asChild>{description}</Dialog.Description> : null}
          {children}
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

