import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LogOut, Settings, Shield } from "lucide-react";
import { Link, useSubmit } from "react-router";
import { fullName } from "~/core/full-name";

interface UserMenuProps {
  user: { email: string; firstName: string | null; lastName: string | null; isAdmin: boolean };
}

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

/** docs/product.md#screens: the signed-in user's menu, labelled with the full name, or the email when there is no name. */
export function UserMenu({ user }: UserMenuProps) {
  const label = fullName(user.firstName, user.lastName) || user.email;
  const submit = useSubmit();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex max-w-56 items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100">
        <span className="truncate">{label}</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">
              <Settings aria-hidden="true" className="h-4 w-4" /> Account Settings
            </Link>
          </DropdownMenu.Item>
          {user.isAdmin ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin">
                <Shield aria-hidden="true" className="h-4 w-4" /> Admin Panel
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => submit(null, { method: "post", action: "/auth/sign-out" })}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
