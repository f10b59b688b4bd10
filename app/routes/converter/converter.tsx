import { ConverterPage } from "~/components/converter/converter-page";
import { rootOrigin, seo } from "~/core/seo";
import { getCurrentUser } from "~/server/auth/session.server";
import { CONVERTER_MAX_BYTES } from "~/server/converter/convert-upload.server";
import type { Route } from "./+types/converter";

/** docs/product.md#converter, /converter: open to everyone to read; converting needs an account (the server checks it). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  return { isSignedIn: user !== null, maxBytes: CONVERTER_MAX_BYTES };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Convert leads for HubSpot, Salesforce, Instantly and more",
    description:
      "Turn a Roundlist or Crunchbase export into the import file of your CRM or cold-email tool: HubSpot, Salesforce, Pipedrive, Apollo, Instantly, lemlist, Smartlead, Attio, Close.",
    path: "/converter",
  });
}

export default function Converter({ loaderData }: Route.ComponentProps) {
  return <ConverterPage {...loaderData} />;
}
