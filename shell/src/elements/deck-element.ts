import type { CommonMountProps, DeckRemoteName, Mount, MountHandle, RemoteErrorReport } from '@deck/shared/mount/public-contract';

/**
 * A remote as a custom element (docs/integrating-a-remote.md, "A plain page or any framework: web components"):
 * attributes and properties are the mount props, the callbacks are DOM events, and the element reserves the
 * remote's size until the remote is mounted in it, so nothing on the page moves. It mounts when it is connected and
 * unmounts when it is disconnected, as often as that happens (connect, disconnect, connect mounts again).
 */

/** How an attribute's text becomes a prop: a string, a boolean by its presence, a number, or JSON. */
export type AttributeKind = 'string' | 'boolean' | 'number' | 'json';

export interface DeckElementSpec<Props> {
  remote: DeckRemoteName;
  /** The props an attribute sets (the attribute is the prop's name in kebab case). */
  attributes: Partial<Record<keyof Props | keyof CommonMountProps, AttributeKind>>;
  /** Each callback prop → the event the element dispatches (its `detail`: the callback's first argument). */
  events: Partial<Record<keyof Props | 'onError', string>>;
  /** The size the element keeps while the remote loads (CSS lengths), or null for a remote drawn elsewhere (the dialog). */
  placeholder: { width: string; height: string } | null;
  /** Props the element computes for the remote, from the ones it has (e.g. the share dialog's own modal root). */
  complete?: (props: Partial<Props & CommonMountProps>, element: DeckElement<Props>) => Partial<Props>;
}

/** The remote's `mount`, loaded once per page. */
export type MountLoader = (remote: DeckRemoteName) => Promise<Mount<object, object>>;

export const kebab = (prop: string) => prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function fromAttribute(kind: AttributeKind, text: string | null): unknown {
  if (kind === 'boolean') return text !== null;
  if (text === null) return undefined;
  if (kind === 'number') return Number(text);
  if (kind === 'json') return JSON.parse(text) as unknown;
  return text;
}

export interface DeckElement<Props> extends HTMLElement {
  /** The props as the element has them now (attributes and properties). */
  readonly props: Partial<Props & CommonMountProps>;
  /** The mounted remote's handle (its controller methods), or null while it is not mounted. */
  readonly handle: MountHandle<Props> | null;
}

export function deckElementClass<Props>(spec: DeckElementSpec<Props>, load: MountLoader) {
  const attributeOf = new Map(Object.keys(spec.attributes).map((prop) => [kebab(prop), prop]));

  class Element extends HTMLElement implements DeckElement<Props> {
    static readonly observedAttributes = [...attributeOf.keys()];
    #props: Record<string, unknown> = {};
    #handle: MountHandle<Props> | null = null;
    /** Bumped on every connect and disconnect: a load that finishes after its connection ended mounts nothing. */
    #connection = 0;

    get props() {
      return { ...this.#props } as Partial<Props & CommonMountProps>;
    }

    get handle() {
      return this.#handle;
    }

    connectedCallback() {
      const connection = ++this.#connection;
      if (spec.placeholder) {
        // Reserved through the CSSOM (no style attribute, which a strict style-src refuses).
        this.style.display = 'block';
        this.style.minWidth = spec.placeholder.width;
        this.style.minHeight = spec.placeholder.height;
      }
      load(spec.remote).then(
        (mount) => {
          if (connection === this.#connection) this.#mount(mount);
        },
        (error: unknown) => {
          if (connection === this.#connection) this.#report('load-failed', `${spec.remote} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    }

    disconnectedCallback() {
      this.#connection++;
      const handle = this.#handle;
      this.#handle = null;
      handle?.unmount();
    }

    attributeChangedCallback(name: string, _old: string | null, text: string | null) {
      const prop = attributeOf.get(name);
      if (!prop) return;
      try {
        this.#set(prop, fromAttribute(spec.attributes[prop as keyof typeof spec.attributes] ?? 'string', text));
      } catch (error) {
        this.#report('render-failed', `${spec.remote}: the ${name} attribute is not valid JSON (${String(error)})`);
      }
    }

    #set(prop: string, value: unknown) {
      this.#props[prop] = value;
      this.#mountedProps();
    }

    #mountedProps() {
      const handle = this.#handle;
      if (handle) this.#tryMount(() => handle.update(this.#fullProps()));
    }

    #fullProps(): Props & CommonMountProps {
      const callbacks = Object.fromEntries(
        Object.entries(spec.events).map(([prop, event]) => [prop, (detail: unknown) => this.dispatchEvent(new CustomEvent(event as string, { detail, bubbles: true, composed: true }))]),
      );
      const props = { ...this.#props, ...callbacks } as Partial<Props & CommonMountProps>;
      return { ...props, ...spec.complete?.(props, this) } as Props & CommonMountProps;
    }

    #mount(mount: Mount<object, object>) {
      this.#tryMount(() => {
        this.replaceChildren();
        this.#handle = mount(this, this.#fullProps());
      });
    }

    #tryMount(call: () => void) {
      try {
        call();
      } catch (error) {
        // A MountPropError names the prop and what it expected; the host hears it as it hears every failure.
        this.#report('render-failed', error instanceof Error ? error.message : String(error));
      }
    }

    #report(code: RemoteErrorReport['code'], message: string) {
      const report: RemoteErrorReport = { remote: spec.remote, code, shown: false, message };
      const event = spec.events.onError;
      if (event) this.dispatchEvent(new CustomEvent(event, { detail: report, bubbles: true, composed: true }));
    }

    static {
      // Every prop is a property too (objects and functions have no attribute): setting it re-renders the remote.
      for (const prop of [...attributeOf.values()]) {
        Object.defineProperty(Element.prototype, prop, {
          get(this: Element) {
            return this.#props[prop];
          },
          set(this: Element, value: unknown) {
            this.#set(prop, value);
          },
          configurable: true,
        });
      }
    }
  }
  return Element;
}
