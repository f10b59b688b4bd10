import { getInvestor, getLp, listInvestors, listLps } from "./api-directory.server";
import {
  createSavedSearchApi,
  deleteSavedSearchApi,
  getSavedSearchApi,
  listSavedSearchesApi,
  updateSavedSearchApi,
} from "./api-saved-searches.server";
import { type ApiRoute, getCompany, getMe, listCompanies } from "./api-v1.server";

/**
 * Every address of /api/v1 (docs/product.md#api) with its methods and the access it needs, as the route
 * modules (app/routes/api/v1) serve them; a path's parameters are the function's. The tests call these, and
 * hold them to the OpenAPI document's paths and methods.
 */
export const API_ROUTES = {
  companies: { path: "/companies", methods: { get: listCompanies } },
  company: (slug: string) => ({
    path: "/companies/{slug}",
    methods: { get: (context) => getCompany(context, slug) },
  }),
  me: { path: "/me", access: "any", methods: { get: getMe } },
  investors: { path: "/investors", methods: { get: listInvestors } },
  investor: (slug: string) => ({
    path: "/investors/{slug}",
    methods: { get: (context) => getInvestor(context, slug) },
  }),
  lps: { path: "/lps", access: "lp", methods: { get: listLps } },
  lp: (slug: string) => ({
    path: "/lps/{slug}",
    access: "lp",
    methods: { get: (context) => getLp(context, slug) },
  }),
  savedSearches: {
    path: "/saved-searches",
    methods: { get: listSavedSearchesApi, post: createSavedSearchApi },
  },
  savedSearch: (id: string) => ({
    path: "/saved-searches/{id}",
    methods: {
      get: (context) => getSavedSearchApi(context, id),
      patch: (context) => updateSavedSearchApi(context, id),
      delete: (context) => deleteSavedSearchApi(context, id),
    },
  }),
} satisfies Record<string, ApiRoute | ((parameter: string) => ApiRoute)>;
