import { Fragment, type ReactNode, useState } from "react";
import { Link } from "react-router";
import {
  type CodeExample,
  curlExamples,
  EVENT_ID_HEADER,
  EXAMPLE_ANSWERS,
  EXAMPLE_EMAIL,
  EXAMPLE_WEBHOOK_EVENT,
  nodeExample,
  PARAMETER_VALUES,
  SIGNATURE_HEADER,
  WEBHOOK_COMPANIES_SHOWN,
  WEBHOOK_EVENT,
  WEBHOOK_EXPRESS_CODE,
  WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_VERIFY_CODE,
} from "~/core/api-examples";
import {
  API_DEFAULT_PAGE_SIZE,
  API_KEY_PREFIX,
  API_MAX_IN_FLIGHT_PER_KEY,
  API_MAX_PAGE_SIZE,
  API_QUOTA_PER_DAY,
  API_RATE_PER_MINUTE,
  MAX_API_KEYS,
} from "~/core/api-keys";
import type { ApiField, ApiOperation, ApiParameter, ApiReference } from "~/core/api-reference";
import { PRODUCT_NAME } from "~/core/brand";
import { maskEmail } from "~/core/mask";
import {
  DISABLE_AFTER_FAILING_MS,
  FIRST_RETRY_DELAY_MS,
  MAX_ENDPOINTS,
  MAX_RETRY_DELAY_MS,
  RETRY_FOR_MS,
} from "~/core/webhooks";

/**
 * /docs/api (docs/product.md#api): the API's reference for a developer at a buyer's company. The endpoints come
 * from the OpenAPI document (reduced by core/api-reference.ts in the route's loader); the sections around them
 * (keys, limits, paging, masking, errors, examples, webhooks) are written here.
 */

const OPENAPI_PATH = "/api/v1/openapi.json";

const SECTIONS = [
  { id: "quick-start", title: "Quick start" },
  { id: "authentication", title: "Authentication" },
  { id: "limits", title: "Limits" },
  { id: "paging", title: "Paging" },
  { id: "masking", title: "Addresses and masking" },
  { id: "errors", title: "Errors" },
  { id: "endpoints", title: "Endpoints" },
  { id: "examples", title: "Examples" },
  { id: "webhooks", title: "Webhooks and Slack" },
  { id: "openapi", title: "The OpenAPI document" },
] as const;

const link = "font-medium text-brand-700 underline underline-offset-4";
const cell = "p-2 align-top sm:p-3";
const inlineCode = "rounded bg-slate-100 px-1 font-mono text-sm text-slate-900 [overflow-wrap:anywhere]";

function Code({ children, nowrap = false }: { children: ReactNode; nowrap?: boolean }) {
  return <code className={nowrap ? `${inlineCode} whitespace-nowrap` : inlineCode}>{children}</code>;
}

/** A description from the document, with its `backticked` words as code. */
function DocText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, index) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Code key={index}>{part.slice(1, -1)}</Code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** A code block with its label (the figure's name) and a copy button; it scrolls sideways, by keyboard too. */
function CodeBlock({ example }: { example: CodeExample }) {
  const [copied, setCopied] = useState(false);
  const captionId = `${example.id}-label`;
  return (
    <figure aria-labelledby={captionId} className="mt-4 overflow-hidden rounded-xl bg-slate-900">
      <div className="flex items-center justify-between gap-3 px-4 pt-3">
        <span id={captionId} className="text-sm text-slate-300">
          {example.label}
        </span>
        <button
          type="button"
          aria-describedby={captionId}
          className="shrink-0 rounded-md border border-slate-400 px-2 py-1 text-xs font-medium text-white hover:bg-white/10"
          onClick={() => {
            void navigator.clipboard?.writeText(example.code).then(
              () => {
                setCopied(true);
                setTimeout(() => setCopied(false), 2000);
              },
              () => undefined,
            );
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a block wider than the screen scrolls by keyboard */}
      <pre tabIndex={0} className="overflow-x-auto p-4 text-sm leading-relaxed text-white">
        <code>{example.code}</code>
      </pre>
    </figure>
  );
}

/**
 * A table in a frame. Its cells wrap (long names break anywhere), so it fits a phone's width; should a
 * future one not, it scrolls inside its frame instead of widening the page.
 */
function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white" data-table-frame>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-50 text-slate-900">
      <tr>{children}</tr>
    </thead>
  );
}

function Col({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`${cell} font-semibold ${className}`}>
      {children}
    </th>
  );
}

function Values({ values }: { values: readonly string[] }) {
  if (values.length === 0) return null;
  return (
    <span className="mt-1 block text-slate-600">
      {values.length === 1 ? "Value: " : "One of: "}
      {values.map((value, index) => (
        <Fragment key={value}>
          {index > 0 ? ", " : null}
          <Code nowrap={value.length <= 12}>{value}</Code>
        </Fragment>
      ))}
    </span>
  );
}

function typeText(type: string, nullable: boolean): string {
  return nullable ? `${type} or null` : type;
}

function ParameterType({ parameter }: { parameter: ApiParameter }) {
  return (
    <>
      {parameter.type}
      {parameter.repeatable ? <span className="block text-xs text-slate-600">repeatable</span> : null}
      {parameter.constraints ? (
        <span className="block text-xs text-slate-600">{parameter.constraints}</span>
      ) : null}
    </>
  );
}

function FieldType({ field }: { field: ApiField }) {
  return (
    <>
      {typeText(field.type, field.nullable)}
      {field.constraints ? <span className="block text-xs text-slate-600">{field.constraints}</span> : null}
    </>
  );
}

function ParameterTable({ operation, label }: { operation: ApiOperation; label: string }) {
  return (
    <TableFrame label={`Parameters of ${label}`}>
      <Heading>
        <Col>Name</Col>
        <Col className="hidden sm:table-cell">Type</Col>
        <Col>Description</Col>
      </Heading>
      <tbody className="divide-y divide-slate-200">
        {operation.parameters.map((parameter: ApiParameter) => (
          <tr key={`${parameter.in}:${parameter.name}`}>
            <th scope="row" className={`${cell} font-normal`}>
              <code className="font-mono font-semibold text-slate-900">{parameter.name}</code>
              <span className="block text-xs whitespace-nowrap text-slate-600">
                {parameter.in}
                {parameter.required ? ", required" : null}
              </span>
              <span className="mt-1 block text-slate-700 sm:hidden">
                <ParameterType parameter={parameter} />
              </span>
            </th>
            <td className={`${cell} hidden text-slate-700 sm:table-cell`}>
              <ParameterType parameter={parameter} />
            </td>
            <td className={`${cell} text-slate-700`}>
              {parameter.description ? <DocText text={parameter.description} /> : null}
              <Values
                values={
                  parameter.values.length > 0
                    ? parameter.values
                    : (PARAMETER_VALUES[operation.path]?.[parameter.name] ?? [])
                }
              />
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

/** A field's path with its parents muted and a break allowed after each dot. */
function FieldName({ field }: { field: ApiField }) {
  const parent = field.name.slice(0, field.name.lastIndexOf(".") + 1);
  const own = field.name.slice(parent.length);
  return (
    <code className="font-mono">
      {parent
        .split(/(?<=\.)/)
        .filter(Boolean)
        .map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed path
          <Fragment key={index}>
            <span className="text-xs text-slate-600">{part}</span>
            <wbr />
          </Fragment>
        ))}
      <span className="font-semibold text-slate-900">{own}</span>
    </code>
  );
}

function FieldTable({ fields, label }: { fields: readonly ApiField[]; label: string }) {
  return (
    <TableFrame label={label}>
      <Heading>
        <Col>Field</Col>
        <Col className="hidden sm:table-cell">Type</Col>
        <Col>Description</Col>
      </Heading>
      <tbody className="divide-y divide-slate-200">
        {fields.map((field) => (
          <tr key={field.name}>
            <th scope="row" className={`${cell} font-normal`}>
              <span className="block" style={{ paddingLeft: `${field.depth * 0.75}rem` }}>
                <FieldName field={field} />
                {field.required ? null : (
                  <span className="block text-xs whitespace-nowrap text-slate-600">optional</span>
                )}
                <span className="mt-1 block text-slate-700 sm:hidden">
                  <FieldType field={field} />
                </span>
              </span>
            </th>
            <td className={`${cell} hidden text-slate-700 sm:table-cell`}>
              <FieldType field={field} />
            </td>
            <td className={`${cell} text-slate-700`}>
              {field.description ? <DocText text={field.description} /> : null}
              <Values values={field.values} />
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

function OperationSection({
  operation,
  basePath,
  origin,
}: {
  operation: ApiOperation;
  basePath: string;
  origin: string;
}) {
  const label = `${operation.method} ${operation.path}`;
  const example = operation.operationId ? EXAMPLE_ANSWERS[operation.operationId] : undefined;
  return (
    <section aria-labelledby={operation.anchor} className="mt-10 border-t border-slate-200 pt-10">
      <h3
        id={operation.anchor}
        className="flex flex-wrap items-baseline gap-x-3 gap-y-1 scroll-mt-20 text-lg font-semibold"
      >
        <span className="rounded-md bg-emerald-50 px-2 py-0.5 font-mono text-sm font-bold text-emerald-800">
          {operation.method}
        </span>{" "}
        <code className="font-mono text-slate-900 [overflow-wrap:anywhere]">{operation.path}</code>
      </h3>
      {operation.summary ? <p className="mt-2 font-medium text-slate-900">{operation.summary}.</p> : null}
      {operation.description ? (
        <p className="mt-1 text-slate-700">
          <DocText text={operation.description} />
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600 [overflow-wrap:anywhere]">
        <code className="font-mono">
          {operation.method} {origin}
          {basePath}
          {operation.path}
        </code>
        {operation.needsKey ? " · needs a key" : " · no key needed"}
      </p>

      {operation.parameters.length > 0 ? (
        <>
          <h4 className="mt-6 font-semibold text-slate-900">Parameters</h4>
          <ParameterTable operation={operation} label={label} />
        </>
      ) : (
        <p className="mt-4 text-slate-700">No parameters.</p>
      )}

      {operation.requestBody ? (
        <>
          <h4 className="mt-6 font-semibold text-slate-900">
            Request body{" "}
            <span className="font-normal text-slate-600">({operation.requestBody.contentType})</span>
          </h4>
          <FieldTable fields={operation.requestBody.fields} label={`Request body of ${label}`} />
        </>
      ) : null}

      {operation.answers.map((answer) => (
        <Fragment key={answer.status}>
          <h4 className="mt-6 font-semibold text-slate-900">
            Answer {answer.status}
            {answer.description ? (
              <span className="font-normal text-slate-700">: {answer.description}</span>
            ) : null}
          </h4>
          {answer.headers.length > 0 ? (
            <p className="mt-1 text-sm text-slate-700">
              Headers:{" "}
              {answer.headers.map((header, index) => (
                <Fragment key={header.name}>
                  {index > 0 ? ", " : null}
                  <Code>{header.name}</Code>
                </Fragment>
              ))}{" "}
              (see{" "}
              <a href="#limits" className={link}>
                Limits
              </a>
              ).
            </p>
          ) : null}
          {answer.body && answer.body.fields.length > 0 ? (
            <FieldTable
              fields={answer.body.fields}
              label={`Fields of the ${answer.status} answer of ${label}`}
            />
          ) : null}
        </Fragment>
      ))}

      {example !== undefined ? (
        <CodeBlock
          example={{
            id: `${operation.anchor}-example`,
            label: `An answer of ${label} (made up)`,
            language: "json",
            code: JSON.stringify(example, null, 2),
          }}
        />
      ) : null}

      {operation.refusals.length > 0 ? (
        <>
          <h4 className="mt-6 font-semibold text-slate-900">Refusals</h4>
          <TableFrame label={`Refusals of ${label}`}>
            <Heading>
              <Col className="w-24">Status</Col>
              <Col>Meaning</Col>
            </Heading>
            <tbody className="divide-y divide-slate-200">
              {operation.refusals.map((refusal) => (
                <tr key={refusal.status}>
                  <th scope="row" className={`${cell} font-mono font-semibold text-slate-900`}>
                    {refusal.status}
                  </th>
                  <td className={`${cell} text-slate-700`}>
                    {refusal.description ? <DocText text={refusal.description} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        </>
      ) : null}
    </section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-12 scroll-mt-20 first:mt-0">
      <h2 id={`${id}-title`} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3 leading-7 text-slate-700">{children}</div>
    </section>
  );
}

const STATUSES: ReadonlyArray<readonly [string, string]> = [
  [
    "400",
    "A parameter the API cannot read: the message names it (an unknown parameter, a bad value, a cursor of another search).",
  ],
  ["401", "No key, or a key that is not valid or was revoked."],
  ["403", "The key's account has no active plan or trial."],
  ["404", "No such company, or no such address under /api/v1."],
  ["405", "A method other than GET (or HEAD)."],
  ["429", "Over the key's rate, daily quota or calls at once: wait the seconds Retry-After gives."],
  ["500", "Our mistake: it is logged; try again later."],
  ["503", "The database is briefly unreachable: try again in a few seconds."],
];

export function ApiReferencePage({ reference, origin }: { reference: ApiReference; origin: string }) {
  const curls = curlExamples(origin);
  const node = nodeExample(origin);
  const base = `${origin}${reference.basePath}`;
  return (
    <article className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {PRODUCT_NAME} API reference
        </h1>
        <div className="mt-3 max-w-3xl leading-7 text-slate-700">
          <p>
            A REST API over the same database and rules as the pages: search funded companies with the search
            page's filters, read a company with its rounds, investors and people, and every other endpoint
            listed below. JSON over HTTPS, with an API key, for subscribers and on a trial (see the{" "}
            <Link to="/monthly" className={link}>
              plans
            </Link>
            ).
          </p>
          <p className="mt-2">
            Base URL: <Code>{base}</Code> · version {reference.version} · OpenAPI 3.1 document:{" "}
            <a href={OPENAPI_PATH} className={link}>
              {OPENAPI_PATH}
            </a>
          </p>
        </div>
      </header>

      {/* The contents beside the text from 1024 px (sticky: the nav is as tall as the text there), above it below. */}
      <div className="mt-10 flex flex-col gap-8 lg:flex-row lg:gap-6">
        <nav aria-label="On this page" className="lg:w-48 lg:shrink-0">
          <div className="sticky top-20 rounded-xl border border-slate-200 bg-slate-50 p-4">
            <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">On this page</h2>
            <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2 lg:block">
              {SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-brand-700 underline-offset-4 hover:underline">
                    {section.title}
                  </a>
                  {section.id === "endpoints" ? (
                    <ul className="mt-1 mb-1 flex flex-col gap-1 pl-3">
                      {reference.operations.map((operation) => (
                        <li key={operation.anchor}>
                          <a
                            href={`#${operation.anchor}`}
                            className="font-mono text-xs text-brand-700 underline-offset-4 [overflow-wrap:anywhere] hover:underline"
                          >
                            {operation.method} {operation.path}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="min-w-0 flex-1 lg:pl-6">
          <Section id="quick-start" title="Quick start">
            <ol className="list-decimal space-y-1 pl-5">
              <li>
                Sign in, open your{" "}
                <Link to="/profile" className={link}>
                  profile
                </Link>{" "}
                and create a key under "API keys". Copy it: it is shown once.
              </li>
              <li>
                Keep it out of your code, for example in <Code>ROUNDLIST_KEY</Code>, and call the API with it:
              </li>
            </ol>
            {curls[0] ? (
              <CodeBlock
                example={{ ...curls[0], id: "quick-start-curl", label: "curl: your first search" }}
              />
            ) : null}
          </Section>

          <Section id="authentication" title="Authentication">
            <p>
              Every call carries a key in the <Code>Authorization</Code> header:{" "}
              <Code>Authorization: Bearer {API_KEY_PREFIX}…</Code>. Keys start with{" "}
              <Code>{API_KEY_PREFIX}</Code> (so secret scanners can tell one) and are made on your profile
              page, with a name, by an account with an active plan or trial; you may hold {MAX_API_KEYS} at
              once. We store only a hash of each key, so a lost key cannot be shown again: make a new one.
            </p>
            <p>
              A key revoked on the profile page is refused at once (401). A key acts as its account: the same
              plan, the same access and the same masking as the pages.
            </p>
          </Section>

          <Section id="limits" title="Limits">
            <p>
              Each key may make {API_RATE_PER_MINUTE} calls a minute and{" "}
              {API_QUOTA_PER_DAY.toLocaleString("en-US")} a day (the day is UTC: the quota resets at midnight
              UTC), and at most {API_MAX_IN_FLIGHT_PER_KEY} at once. Keys count apart: one key's calls never
              use another's. Every counted answer says where the key stands:
            </p>
            <TableFrame label="Rate limit headers">
              <Heading>
                <Col>Header</Col>
                <Col>Meaning</Col>
              </Heading>
              <tbody className="divide-y divide-slate-200">
                {(
                  [
                    [
                      "RateLimit-Limit",
                      "Calls the current window allows (the minute's, or the day's once it is spent).",
                    ],
                    ["RateLimit-Remaining", "Calls left in that window."],
                    ["RateLimit-Reset", "Seconds until that window ends."],
                    [
                      "RateLimit-Policy",
                      `Both windows: ${API_RATE_PER_MINUTE};w=60, ${API_QUOTA_PER_DAY};w=86400 (calls; window in seconds).`,
                    ],
                    ["Retry-After", "On a 429 only: seconds to wait before the next call."],
                  ] as const
                ).map(([name, meaning]) => (
                  <tr key={name}>
                    <th scope="row" className={`${cell} font-mono font-semibold text-slate-900`}>
                      {name}
                    </th>
                    <td className={`${cell} text-slate-700`}>{meaning}</td>
                  </tr>
                ))}
              </tbody>
            </TableFrame>
            <p>
              Past a limit the answer is <Code>429</Code> with <Code>Retry-After</Code>. A refused call counts
              too, so retrying at once only keeps a key refused: wait as long as Retry-After says (the Node
              example does).
            </p>
          </Section>

          <Section id="paging" title="Paging">
            <p>
              <Code>GET /companies</Code> answers one page: <Code>data</Code> (up to <Code>limit</Code>{" "}
              companies, 1 to {API_MAX_PAGE_SIZE}, {API_DEFAULT_PAGE_SIZE} by default), <Code>total</Code>,{" "}
              <Code>isTotalApproximate</Code> and <Code>nextCursor</Code>. For the next page, send the same
              parameters with <Code>cursor</Code> set to <Code>nextCursor</Code>; it is <Code>null</Code> on
              the last page.
            </p>
            <p>
              A cursor belongs to its search: used with other filters, another order or another limit it is
              refused (400). On large results <Code>total</Code> may be an estimate, as the search page shows
              it; then <Code>isTotalApproximate</Code> is <Code>true</Code>. Results stop 100,000 companies
              deep: narrow the search to reach the rest.
            </p>
          </Section>

          <Section id="masking" title="Addresses and masking">
            <p>
              Full email addresses need export access: a paid plan, not a trial. On a trial the API answers
              every address masked, as the search page shows it: <Code>{EXAMPLE_EMAIL}</Code> comes as{" "}
              <Code>{maskEmail(EXAMPLE_EMAIL)}</Code>, with <Code>isEmailMasked: true</Code>. Each address
              carries its status (<Code>emailStatus</Code>: <Code>valid</Code>, <Code>accept_all</Code>,{" "}
              <Code>bounced</Code> ...), masked or not. <Code>GET /me</Code> says whether your key has export
              access (<Code>plan.hasExportAccess</Code>).
            </p>
            <p>
              Companies on the do-not-sell list (their people asked us not to sell their information) are in
              no answer, and <Code>{"GET /companies/{slug}"}</Code> answers 404 for them, as their pages do.
            </p>
          </Section>

          <Section id="errors" title="Errors">
            <p>
              A refusal is JSON with one field, <Code>error</Code>, a sentence for a person (and{" "}
              <Code>fieldErrors</Code> where fields are named); the status says what kind it is. No error
              answer carries an address.
            </p>
            <CodeBlock
              example={{
                id: "error-example",
                label: "A 400 answer",
                language: "json",
                code: '{ "error": "Unknown parameter: size." }',
              }}
            />
            <TableFrame label="Statuses">
              <Heading>
                <Col className="w-24">Status</Col>
                <Col>Meaning</Col>
              </Heading>
              <tbody className="divide-y divide-slate-200">
                {STATUSES.map(([status, meaning]) => (
                  <tr key={status}>
                    <th scope="row" className={`${cell} font-mono font-semibold text-slate-900`}>
                      {status}
                    </th>
                    <td className={`${cell} text-slate-700`}>{meaning}</td>
                  </tr>
                ))}
              </tbody>
            </TableFrame>
          </Section>

          <Section id="endpoints" title="Endpoints">
            <p>
              Every path is under <Code>{base}</Code>. This list is generated from the{" "}
              <a href={OPENAPI_PATH} className={link}>
                OpenAPI document
              </a>
              , itself generated from the schemas the server checks calls with.
            </p>
          </Section>
          {reference.operations.map((operation) => (
            <OperationSection
              key={operation.anchor}
              operation={operation}
              basePath={reference.basePath}
              origin={origin}
            />
          ))}

          <Section id="examples" title="Examples">
            <h3 className="mt-2 text-lg font-semibold text-slate-900">curl</h3>
            {curls.map((example) => (
              <CodeBlock key={example.id} example={example} />
            ))}
            <h3 className="mt-6 text-lg font-semibold text-slate-900">Node</h3>
            <p>
              Node 20 or later has <Code>fetch</Code> built in. This collects every company of a search, a
              page at a time, and waits whenever a limit is reached.
            </p>
            <CodeBlock example={node} />
          </Section>

          <Section id="webhooks" title="Webhooks and Slack">
            <p>
              A saved search with an alert can also send its new matches to your own HTTPS endpoint, or to a
              Slack channel, on the alert's schedule (daily or weekly). Add endpoints on your profile page
              under "Webhooks and Slack" (at most {MAX_ENDPOINTS} an account); a webhook's signing secret (
              <Code>whsec_…</Code>) is shown once, when it is added.
            </p>
            <h3 className="mt-2 text-lg font-semibold text-slate-900">Deliveries</h3>
            <p>
              Each delivery is a <Code>POST</Code> with a JSON body, for the event{" "}
              <Code>{WEBHOOK_EVENT}</Code>: one saved search's new companies in one alert period. Under{" "}
              <Code>data</Code> come the saved search, the period (<Code>window</Code>), how many companies
              are new (<Code>total</Code>) and the first {WEBHOOK_COMPANIES_SHOWN} of them in{" "}
              <Code>companies</Code>, each as <Code>GET /companies</Code> answers it, with the same masking.
            </p>
            <CodeBlock
              example={{
                id: "webhook-body",
                label: `A ${WEBHOOK_EVENT} body (made up)`,
                language: "json",
                code: JSON.stringify(EXAMPLE_WEBHOOK_EVENT, null, 2),
              }}
            />
            <p>It carries two headers of ours:</p>
            <TableFrame label="Webhook headers">
              <Heading>
                <Col>Header</Col>
                <Col>Meaning</Col>
              </Heading>
              <tbody className="divide-y divide-slate-200">
                <tr>
                  <th scope="row" className={`${cell} font-mono font-semibold text-slate-900`}>
                    {SIGNATURE_HEADER}
                  </th>
                  <td className={`${cell} text-slate-700`}>
                    <Code>{"t=<unix time>,v1=<signature>"}</Code>: the signature is the hex HMAC-SHA256 of{" "}
                    <Code>{'"<t>.<body>"'}</Code> (the time, a dot, the raw body) with your endpoint's secret,
                    the whole <Code>whsec_…</Code> string, as the key. While a secret is replaced, several{" "}
                    <Code>v1</Code> entries may come: any one matching will do.
                  </td>
                </tr>
                <tr>
                  <th scope="row" className={`${cell} font-mono font-semibold text-slate-900`}>
                    {EVENT_ID_HEADER}
                  </th>
                  <td className={`${cell} text-slate-700`}>
                    The event's id, the same on every retry: drop an event you have handled already.
                  </td>
                </tr>
              </tbody>
            </TableFrame>
            <p>
              Check the signature against the raw body, before parsing it, and refuse a time more than{" "}
              {WEBHOOK_TOLERANCE_SECONDS / 60} minutes from your clock either way (a replayed delivery). In
              Node, without a package:
            </p>
            <CodeBlock
              example={{
                id: "webhook-verify",
                label: "Node: verifying a delivery",
                language: "js",
                code: WEBHOOK_VERIFY_CODE,
              }}
            />
            <CodeBlock
              example={{
                id: "webhook-express",
                label: "Node: an Express receiver",
                language: "js",
                code: WEBHOOK_EXPRESS_CODE,
              }}
            />
            <h3 className="mt-2 text-lg font-semibold text-slate-900">Answers and retries</h3>
            <p>
              Answer with any 2xx status within 10 seconds, and do the work after. Any other answer, a timeout
              or a connection that fails is tried again with exponential backoff (after{" "}
              {FIRST_RETRY_DELAY_MS / 60_000} minute, then 2, 4, 8 ... minutes, at most{" "}
              {MAX_RETRY_DELAY_MS / 3_600_000} hours apart) for {RETRY_FOR_MS / 3_600_000} hours, with the
              same body and event id. An endpoint that fails every attempt for{" "}
              {DISABLE_AFTER_FAILING_MS / 3_600_000} hours is disabled and you are emailed; enable it again on
              the profile page. Endpoints must be HTTPS on a public address; redirects are not followed.
            </p>
            <h3 className="mt-2 text-lg font-semibold text-slate-900">Slack</h3>
            <p>
              Slack incoming webhooks work too: give the saved search a Slack endpoint (a URL starting with{" "}
              <Code>https://hooks.slack.com/services/</Code>) and the new matches arrive as a message in its
              channel. Slack messages are not signed: the URL is the secret, so keep it like one.
            </p>
          </Section>

          <Section id="openapi" title="The OpenAPI document">
            <p>
              <a href={OPENAPI_PATH} className={link}>
                {OPENAPI_PATH}
              </a>{" "}
              is the API's OpenAPI 3.1 document, public and without a key: import it into Postman or Insomnia,
              or generate a client from it. It is generated from the same schemas the server checks every call
              with, so it always matches what the API accepts and answers.
            </p>
          </Section>
        </div>
      </div>
    </article>
  );
}
