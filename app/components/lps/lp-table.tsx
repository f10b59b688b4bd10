import type { LpCard } from "~/core/lp-card";
import { formatUsdShort } from "~/core/lp-search-params";
import { lpTypeLabel } from "~/core/lp-types";
import { FounderEmail } from "../search/founder-email";
import { checkRange, lpPlace, stageFocus } from "./lp-facts";

/**
 * The dense view of /lps, one row per LP (name, type, AUM, check size, headquarters, stage focus, main
 * contact, email with copy), as /search's table: long values cut with an ellipsis and whole in their title.
 */
export function LpTable({ lps, isMasked }: { lps: readonly LpCard[]; isMasked: boolean }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table data-testid="lp-table" className="rl-table w-full min-w-[64rem] table-fixed text-sm">
        <caption className="sr-only">
          Limited partners, one per row{isMasked ? "; emails are masked without LP access" : ""}
        </caption>
        <colgroup>
          <col className="w-[16%]" />
          <col className="w-[11%]" />
          <col className="w-[6%]" />
          <col className="w-[12%]" />
          <col className="w-[11%]" />
          <col className="w-[10%]" />
          <col className="w-[12%]" />
          <col className="w-[22%]" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">LP</th>
            <th scope="col">Type</th>
            <th scope="col">AUM</th>
            <th scope="col">Check size</th>
            <th scope="col">Headquarters</th>
            <th scope="col">Stage focus</th>
            <th scope="col">Contact</th>
            <th scope="col">Email</th>
          </tr>
        </thead>
        <tbody>
          {lps.map((lp) => {
            const [contact] = lp.contacts;
            const others = lp.contacts.length - 1;
            return (
              <tr key={lp.id}>
                <th scope="row" className="truncate font-medium" title={lp.name}>
                  {lp.name}
                </th>
                <td className="truncate">{lpTypeLabel(lp.type)}</td>
                <td className="tabular-nums">{formatUsdShort(lp.aumUsd)}</td>
                <td className="truncate tabular-nums">{checkRange(lp)}</td>
                <td className="truncate" title={lpPlace(lp)}>
                  {lpPlace(lp)}
                </td>
                <td className="truncate" title={stageFocus(lp)}>
                  {stageFocus(lp)}
                </td>
                <td
                  className="truncate"
                  title={lp.contacts
                    .map((person) => [person.name, person.title].filter(Boolean).join(", "))
                    .join("; ")}
                >
                  {contact ? `${contact.name}${others > 0 ? ` +${others}` : ""}` : "—"}
                </td>
                <td className="overflow-hidden">
                  <FounderEmail
                    email={contact?.email ?? null}
                    isMasked={contact?.isEmailMasked ?? false}
                    compact
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
