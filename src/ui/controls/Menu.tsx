/** A menu button: a popup list of actions, with arrow keys, Escape and click-outside. */
import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const CloseMenu = createContext<() => void>(() => {});

/** Props of a menu: the button's text (and its accessible name, if different) and the items. */
export interface MenuProps {
  label: ReactNode;
  ariaLabel?: string;
  title?: string;
  className?: string;
  children: ReactNode;
}

/** The button and, while open, its menu. */
export function Menu({ label, ariaLabel, title, className, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    focusItem(root.current, 0);
    const onPointer = (e: PointerEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (step) {
      e.preventDefault();
      focusItem(root.current, step);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') setOpen(false);
  };
  return (
    <div className={`menu ${className ?? ''}`} ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className="ghost menu-button"
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={ariaLabel}
        title={title}
        onClick={() => setOpen((o) => !o)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="menu-popup" role="menu" id={id} aria-label={ariaLabel ?? (typeof label === 'string' ? label : undefined)}>
          <CloseMenu.Provider value={close}>{children}</CloseMenu.Provider>
        </div>
      )}
    </div>
  );
}

/** Props of a menu item: its name, an optional longer description shown under it, and why it is disabled (if it is). */
export interface MenuItemProps {
  onSelect(): void;
  children: ReactNode;
  description?: ReactNode;
  disabledBecause?: string | null;
}

/** One action in a menu; choosing it closes the menu. A disabled one shows why in its text. */
export function MenuItem({ onSelect, children, description: given, disabledBecause }: MenuItemProps) {
  const close = useContext(CloseMenu);
  const id = useId();
  // A disabled item says why under its title, where it can be read without a pointer (a title alone is hover-only).
  const description = disabledBecause ? <span data-testid="disabled-why">{disabledBecause}</span> : given;
  return (
    <button
      type="button"
      role="menuitem"
      className="menu-item"
      disabled={!!disabledBecause}
      title={disabledBecause ?? undefined}
      aria-describedby={description ? id : undefined}
      onClick={() => {
        close();
        onSelect();
      }}
    >
      <span className="item-title">{children}</span>
      {description && (
        <span className="item-text" id={id}>
          {description}
        </span>
      )}
    </button>
  );
}

/** Moves focus `step` items from the focused one (0: the first item), wrapping around. */
function focusItem(menu: HTMLElement | null, step: number): void {
  const items = [...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  const next = step === 0 || at === -1 ? 0 : (at + step + items.length) % items.length;
  items[next]?.focus();
}
