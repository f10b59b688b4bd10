import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** False for the mandatory dialogs of docs/product.md#access: no close button, Escape and outside clicks do nothing. */
  isClosable?: boolean;
  children: ReactNode;
  /** "md" for forms, "2xl" for wider content such as the plan cards. */
  size?: "md" | "2xl";
  /** "center" (the default) or "sheet": a panel rising from the bottom of a phone's screen. */
  variant?: "center" | "sheet";
}

const PLACEMENT = {
  center:
    "top-1/2 left-1/2 max-h-[92vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl p-6",
  sheet: "right-0 bottom-0 left-0 max-h-[88vh] rounded-t-2xl px-4 pt-5 pb-4",
} as const;

/** A modal dialog: focus is trapped inside, returns to the opener on close, background is inert. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  isClosable = true,
  children,
  size = "md",
  variant = "center",
}: DialogProps) {
  const width = variant === "sheet" ? "" : size === "md" ? "max-w-md" : "max-w-2xl";
  // Our dialogs open from state, not from a Radix trigger, so Radix has nothing to give focus back to:
  // the element focused when the dialog opened is remembered (before the dialog takes focus) and refocused
  // when it closes (docs/product.md#search: focus returns to the trigger after a dialog closes).
  const returnFocusTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      returnFocusTo.current = document.activeElement;
    }
  }, [open]);
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => (isClosable || next ? onOpenChange(next) : undefined)}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          className={`fixed z-50 ${PLACEMENT[variant]} ${width} overflow-y-auto bg-white shadow-xl focus:outline-none`}
          onEscapeKeyDown={(event) => (isClosable ? undefined : event.preventDefault())}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          onPointerDownOutside={(event) => (isClosable ? undefined : event.preventDefault())}
          onInteractOutside={(event) => (isClosable ? undefined : event.preventDefault())}
        >
          <RadixDialog.Title className="pr-8 text-xl font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-5">{children}</div>
          {isClosable ? (
            <RadixDialog.Close
              className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
