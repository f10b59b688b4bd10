// The auth dialog's lazy entry to the form. The sign-in and sign-up pages import auth-form.tsx statically
// (they render it on the server); importing it dynamically too would leave it where it is and make the
// bundler warn. Loading this entry instead fetches the shared chunk that holds the form, only when asked.
export { AuthForm } from "./auth-form";
