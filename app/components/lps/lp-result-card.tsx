import type { LpCard } from "~/core/lp-card";
import { formatUsdShort } from "~/core/lp-search-params";
import { lpTypeLabel } from "~/core/lp-types";
import { displayHost, externalHref } from "../search/external-link";
import { FounderEmail } from "../search/founder-email";
import {
  assetClasses,
  checkRange,
  emergingLabel,
  geoFocus,
  lpPlace,
  mfoLabel,
  sectorFocus,
  stageFocus,
} from "./lp-facts";

/**
 * One LP (docs/product.md#lps): who it is, how much it manages and writes, what it backs, and the people to write to.
 * Built on the company card's classes (app.css .rl-*), so both listings read alike.
 */
export function LpResultCard({ lp }: { lp: LpCard }) {
  const mfo = mfoLabel(lp);
  return (
    <article className="rl-card">
      <div className="rl-card-main">
        <div className="rl-card-head">
          <h3>{lp.name}</h3>
          <span className="rl-stage">{lpTypeLabel(lp.type)}</span>
        </div>
        {lp.description ? <p className="rl-desc">{lp.description}</p> : null}
        <dl className="rl-facts">
          <div className="rl-wide">
            <dt>Headquarters</dt>
            <dd>{lpPlace(lp)}</dd>
          </div>
          <div>
            <dt>AUM</dt>
            <dd>
              {formatUsdShort(lp.aumUsd)}
              {lp.aumUsd !== null && lp.aumAsOf ? (
                <span className="text-xs text-slate-600"> (as of {lp.aumAsOf.slice(0, 7)})</span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>Check size</dt>
            <dd>{checkRange(lp)}</dd>
          </div>
          <div>
            <dt>Emerging managers</dt>
            <dd>{emergingLabel(lp)}</dd>
          </div>
          <div className="rl-wide">
            <dt>Asset classes</dt>
            <dd title={assetClasses(lp)}>{assetClasses(lp)}</dd>
          </div>
          <div>
            <dt>Stage focus</dt>
            <dd title={stageFocus(lp)}>{stageFocus(lp)}</dd>
          </div>
          <div>
            <dt>Sector focus</dt>
            <dd title={sectorFocus(lp)}>{sectorFocus(lp)}</dd>
          </div>
          <div>
            <dt>First-time funds</dt>
            <dd>{lp.backsFirstTimeFunds ? "Backs them" : "Not known to"}</dd>
          </div>
          <div className="rl-wide">
            <dt>Geography focus</dt>
            <dd title={geoFocus(lp)}>{geoFocus(lp)}</dd>
          </div>
          {mfo ? (
            <div>
              <dt>MFO model</dt>
              <dd>{mfo}</dd>
            </div>
          ) : null}
        </dl>
        {lp.commitments.length > 0 ? (
          <p className="mt-2 text-xs text-slate-600">
            <span className="font-medium text-slate-700">Commitments: </span>
            {lp.commitments
              .map(
                (commitment) =>
                  `${commitment.fundName}${commitment.vintage ? ` (${commitment.vintage})` : ""}${
                    commitment.amountUsd !== null ? ` ${formatUsdShort(commitment.amountUsd)}` : ""
                  }`,
              )
              .join(" · ")}
            {lp.commitmentCount > lp.commitments.length
              ? ` and ${lp.commitmentCount - lp.commitments.length} more`
              : ""}
          </p>
        ) : null}
      </div>
      <div className="rl-contact rl-lp-contacts">
        {lp.contacts.length === 0 ? <p className="text-slate-500">No contact listed</p> : null}
        <ul className="flex flex-col gap-3">
          {lp.contacts.map((contact) => (
            <li key={contact.id}>
              <p className="rl-founder">{contact.name}</p>
              {contact.title ? <p className="rl-muted">{contact.title}</p> : null}
              <FounderEmail email={contact.email} isMasked={contact.isEmailMasked} />
              {contact.linkedin ? (
                <a
                  href={externalHref(contact.linkedin)}
                  target="_blank"
                  rel="noopener"
                  aria-label={`${contact.name} on LinkedIn`}
                  className="rl-ext"
                >
                  LinkedIn
                </a>
              ) : null}
            </li>
          ))}
        </ul>
        {lp.website ? (
          <div className="rl-links">
            <a href={externalHref(lp.website)} target="_blank" rel="noopener" className="rl-web">
              {displayHost(lp.website)}
            </a>
          </div>
        ) : null}
      </div>
    </article>
  );
}
