import { data } from "react-router";
import { NotFoundPage } from "~/components/not-found-page";
import { seo } from "~/core/seo";

export function loader() {
  // A real 404 status, so crawlers and monitors see the page is missing.
  return data(null, { status: 404 });
}

export function meta() {
  return seo({
    title: "Page not found",
    description: "We couldn't find the page you were looking for.",
    noindex: true,
  });
}

export default function NotFound() {
  return <NotFoundPage />;
}
